import React, { useContext } from 'react';
import { render, screen } from '@testing-library/react';
import { Context } from '@docusaurus/core/lib/client/browserContext';
import { BrowserContextProvider } from '../client/browserContext';

// Server rendering as Docusaurus does it (react-dom/server; the project has no @types/react-dom).
const { renderToString } = jest.requireActual<{ renderToString(node: React.ReactNode): string }>('react-dom/server');

/** What a page shows through `useIsBrowser()` (core's hook reads this same context). */
function Where() {
  return <p>{useContext(Context) ? 'in the browser' : 'server HTML'}</p>;
}

describe('BrowserContextProvider', () => {
  it('renders as the server did until hydration is over, so hydration matches', () => {
    expect(
      renderToString(
        <BrowserContextProvider>
          <Where />
        </BrowserContextProvider>,
      ),
    ).toBe('<p>server HTML</p>');
  });

  it("then turns core's useIsBrowser() context true for everything inside", async () => {
    render(
      <BrowserContextProvider>
        <Where />
      </BrowserContextProvider>,
    );
    expect(await screen.findByText('in the browser')).toBeInTheDocument();
  });
});
