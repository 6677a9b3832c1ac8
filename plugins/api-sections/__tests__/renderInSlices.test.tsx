import React, { lazy } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createTurns, renderInSlices } from '../client/renderInSlices';

// Server rendering as Docusaurus does it (react-dom/server; the project has no @types/react-dom).
const { renderToString } = jest.requireActual<{ renderToString(node: React.ReactNode): string }>('react-dom/server');

const Schema = ({ name }: { name: string }) => <p>Schema of {name}</p>;
const Sliced = renderInSlices(Schema, <p>Loading schema…</p>);

describe('renderInSlices', () => {
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

  describe('sections on one page', () => {
    it('render one after the other, in the order they mounted: the next once the one before has committed', async () => {
      let loaded: (module: { default: typeof Schema }) => void = () => {};
      const load = jest.fn(() => new Promise<{ default: typeof Schema }>((resolve) => (loaded = resolve)));
      const First = renderInSlices(lazy(load), <p>Loading parameters…</p>);
      const Second = renderInSlices(Schema, <p>Loading responses…</p>);
      render(
        <>
          <First name="parameters" />
          <Second name="responses" />
        </>,
      );
      // The second's code is there, but its turn comes after the first has shown.
      await waitFor(() => expect(load).toHaveBeenCalled());
      // All the work React has queued is done (act flushes it), and the second still waits its turn.
      await act(async () => {});
      expect(screen.getByText('Loading responses…')).toBeInTheDocument();
      loaded({ default: Schema });
      expect(await screen.findByText('Schema of parameters')).toBeInTheDocument();
      expect(await screen.findByText('Schema of responses')).toBeInTheDocument();
    });
  });
});

describe('createTurns', () => {
  it('runs one caller at a time, in order; the next when the running one is done', () => {
    const turns = createTurns();
    const started: string[] = [];
    const doneA = turns.take(() => started.push('A'));
    const doneB = turns.take(() => started.push('B'));
    turns.take(() => started.push('C'));
    expect(started).toEqual(['A']);
    doneA();
    doneA(); // a second call does nothing
    expect(started).toEqual(['A', 'B']);
    doneB();
    expect(started).toEqual(['A', 'B', 'C']);
  });

  it('skips a caller that leaves while it waits, and passes on the turn of one that leaves while running', () => {
    const turns = createTurns();
    const started: string[] = [];
    const doneA = turns.take(() => started.push('A'));
    const leaveB = turns.take(() => started.push('B'));
    turns.take(() => started.push('C'));
    leaveB();
    doneA();
    expect(started).toEqual(['A', 'C']);
  });
});
