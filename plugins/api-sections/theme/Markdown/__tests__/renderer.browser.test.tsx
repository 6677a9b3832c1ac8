import React, { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { act, render, screen } from '@testing-library/react';
import { preloadMarkdownHtml, useMarkdownHtml } from '../renderer.browser';

/** The build's HTML (scripts/openapi/markdownHtml.ts) for these tests. */
jest.mock('../markdownHtmlChunk', () => ({
  importMarkdownHtml: () => Promise.resolve({ default: { html: { 'Uses `page`.': '<p>Uses page.</p>' } } }),
}));

function Text({ text }: { text: string }) {
  const html = useMarkdownHtml(text);
  return <output>{html === undefined ? 'not in the build' : html}</output>;
}

let error: jest.SpyInstance;
beforeEach(() => (error = jest.spyOn(console, 'error')));
afterEach(() => error.mockRestore());

// The module loads the HTML once per page: the first test finds nothing loaded, the second loads it first.
describe('the texts’ HTML in the browser', () => {
  it('waits for the HTML, then shows it, and React reports no misuse of `use` on the way', async () => {
    // Hydrated over the server's HTML, as a page is: React waits for the load, keeping that HTML, and then
    // hydrates the component that suspended.
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = '<!--$--><output>&lt;p&gt;Uses page.&lt;/p&gt;</output><!--/$-->';
    await act(async () => {
      hydrateRoot(
        container,
        <Suspense fallback={<p>loading</p>}>
          <Text text="Uses `page`." />
        </Suspense>,
      );
    });
    expect(screen.getByText('<p>Uses page.</p>')).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it('once loaded, shows a text at once, without the fallback even for a moment', async () => {
    await act(() => preloadMarkdownHtml());
    render(
      <Suspense fallback={<p>loading</p>}>
        <Text text="Unknown text." />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByText('not in the build')).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });
});
