import React from 'react';
import { render, screen } from '@testing-library/react';
import { NOT_PRERENDERED } from '@site/rules/markdownHtml';
import Markdown, { withMarkdownHtml } from '..';

/** The build's HTML (scripts/openapi/markdownHtml.ts) for these tests. */
const HTML: Record<string, string | null> = {
  'Uses `page`.': '<p>Uses <code>page</code>.</p>',
  'Example:\n\n```json\n{}\n```': null,
};

jest.mock('../renderer', () => ({
  __esModule: true,
  default: ({ children }: { children?: string }) => <p data-testid="renderer">{children}</p>,
  useMarkdownHtml: (text: string) => HTML[text],
  preloadMarkdownHtml: () => Promise.resolve(),
}));

describe('Markdown: the build’s HTML first, the theme’s renderer otherwise', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => (warn = jest.spyOn(console, 'warn').mockImplementation(() => {})));
  afterEach(() => warn.mockRestore());

  it('shows a text the build rendered as its HTML, without the renderer and without a box of its own', () => {
    const { container } = render(<Markdown>{'Uses `page`.'}</Markdown>);
    expect(container.querySelector('p code')).toHaveTextContent('page');
    expect(screen.queryByTestId('renderer')).not.toBeInTheDocument();
    expect(container.querySelector('.markdown-html')).toHaveStyle({ display: 'contents' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves a text that needs the theme’s components to the renderer, quietly', () => {
    render(<Markdown>{'Example:\n\n```json\n{}\n```'}</Markdown>);
    expect(screen.getByTestId('renderer')).toBeInTheDocument();
    expect(warn).not.toHaveBeenCalled();
  });

  it('still shows a text the build did not see, through the renderer, and says so once', () => {
    render(
      <>
        <Markdown>{'New text.'}</Markdown>
        <Markdown>{'New text.'}</Markdown>
      </>,
    );
    expect(screen.getAllByTestId('renderer').map((p) => p.textContent)).toEqual(['New text.', 'New text.']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(NOT_PRERENDERED, '"New text."');
  });

  it('withMarkdownHtml resolves with the loaded module once the HTML is there too', async () => {
    const module = { default: () => null };
    await expect(withMarkdownHtml(() => Promise.resolve(module))()).resolves.toBe(module);
  });
});
