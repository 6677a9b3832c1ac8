import React, { lazy } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { renderInSlices } from '..';

// Server rendering as Docusaurus does it (react-dom/server; the project has no @types/react-dom).
const { renderToString } = jest.requireActual<{ renderToString(node: React.ReactNode): string }>('react-dom/server');

const Schema = ({ name }: { name: string }) => <p>Schema of {name}</p>;
const Sliced = renderInSlices(Schema, <p>Loading schema…</p>);

describe('renderInSlices (issue #9)', () => {
  it('renders the fallback on the server, as the theme’s BrowserOnly did', () => {
    expect(renderToString(<Sliced name="Document" />)).toBe('<p>Loading schema…</p>');
  });

  it('renders the component in the browser once mounted, with its props', async () => {
    render(<Sliced name="Document" />);
    expect(await screen.findByText('Schema of Document')).toBeInTheDocument();
    expect(screen.queryByText('Loading schema…')).not.toBeInTheDocument();
  });

  it('renders a fallback computed from the props, e.g. a placeholder of the right height', () => {
    const Placeheld = renderInSlices(Schema, ({ name }: { name: string }) => <p>Room for {name}</p>);
    expect(renderToString(<Placeheld name="Document" />)).toBe('<p>Room for <!-- -->Document</p>');
  });

  describe('with a component whose code loads on demand (React.lazy)', () => {
    let loaded: (module: { default: typeof Schema }) => void;
    const load = jest.fn(() => new Promise<{ default: typeof Schema }>((resolve) => (loaded = resolve)));
    const SlicedLazy = renderInSlices(lazy(load), <p>Loading schema…</p>);

    it('does not load it on the server, and the server HTML has no Suspense markers', () => {
      expect(renderToString(<SlicedLazy name="Document" />)).toBe('<p>Loading schema…</p>');
      expect(load).not.toHaveBeenCalled();
    });

    it('loads it once mounted, shows the fallback meanwhile, then the component', async () => {
      render(<SlicedLazy name="Sanction" />);
      expect(screen.getByText('Loading schema…')).toBeInTheDocument();
      await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
      expect(screen.getByText('Loading schema…')).toBeInTheDocument();
      loaded({ default: Schema });
      expect(await screen.findByText('Schema of Sanction')).toBeInTheDocument();
      expect(screen.queryByText('Loading schema…')).not.toBeInTheDocument();
    });
  });
});
