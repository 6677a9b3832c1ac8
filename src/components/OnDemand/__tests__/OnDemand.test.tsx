import React, { lazy } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import OnDemand from '..';
import { isSearchShortcut } from '@site/src/components/SearchPlaceholder';

const Explorer = lazy(async () => ({ default: ({ name }: { name: string }) => <p>Explorer for {name}</p> }));
const placeholder = <p>Loading…</p>;

/** Lets ten seconds of fake time pass, so a component that loaded by itself (at idle, on a timer) would have. */
const pastIdle = () => act(() => jest.advanceTimersByTimeAsync(10_000));

describe('OnDemand', () => {
  // Time passes only when a test says so, and at once (Testing Library's findBy* advances it too).
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the placeholder until the reader reaches for it, then the component', async () => {
    render(<OnDemand component={Explorer} props={{ name: 'search-documents' }} placeholder={placeholder} />);
    await pastIdle();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => fireEvent.pointerEnter(screen.getByText('Loading…')));
    expect(await screen.findByText('Explorer for search-documents')).toBeInTheDocument();
  });

  it('loads on a shortcut key anywhere on the page, and not on other keys', async () => {
    render(
      <OnDemand
        component={Explorer}
        props={{ name: 'search' }}
        placeholder={placeholder}
        loadOnKey={isSearchShortcut}
      />,
    );
    await act(async () => fireEvent.keyDown(document, { key: 'k' }));
    await pastIdle();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => fireEvent.keyDown(document, { key: 'K', ctrlKey: true }));
    expect(await screen.findByText('Explorer for search')).toBeInTheDocument();
  });

  describe('keyboard focus (WCAG 2.2 SC 2.4.3, 3.2.1)', () => {
    const Search = lazy(async () => ({ default: () => <input aria-label="Search the docs" /> }));
    const field = <input aria-label="Search (placeholder)" readOnly />;

    it('moves focus from the placeholder to the loaded component when the reader tabbed into it', async () => {
      render(<OnDemand component={Search} props={{}} placeholder={field} />);
      const placeholderField = screen.getByRole('textbox', { name: 'Search (placeholder)' });
      await act(async () => placeholderField.focus());
      const real = await screen.findByRole('textbox', { name: 'Search the docs' });
      await act(async () => jest.advanceTimersToNextFrame());
      expect(real).toHaveFocus();
    });

    it('keeps the focus on the same placeholder control while the code downloads', async () => {
      let arrive: (module: { default: () => React.ReactElement }) => void = () => undefined;
      const Slow = lazy(() => new Promise<{ default: () => React.ReactElement }>((resolve) => (arrive = resolve)));
      render(<OnDemand component={Slow} props={{}} placeholder={field} />);
      const placeholderField = screen.getByRole('textbox', { name: 'Search (placeholder)' });
      await act(async () => placeholderField.focus());
      await pastIdle();
      // Still loading: the very node the reader tabbed to is on screen and has the focus.
      expect(placeholderField).toBeInTheDocument();
      expect(placeholderField).toHaveFocus();
      await act(async () => arrive({ default: () => <input aria-label="Search the docs" /> }));
      const real = await screen.findByRole('textbox', { name: 'Search the docs' });
      await act(async () => jest.advanceTimersToNextFrame());
      expect(real).toHaveFocus();
    });

    it('focuses the loaded component after its shortcut key', async () => {
      render(<OnDemand component={Search} props={{}} placeholder={field} loadOnKey={isSearchShortcut} />);
      await act(async () => fireEvent.keyDown(document, { key: 'k', ctrlKey: true }));
      expect(await screen.findByRole('textbox', { name: 'Search the docs' })).toHaveFocus();
    });

    it('focuses the loaded component after its shortcut key when focus was on another element', async () => {
      render(
        <>
          <a href="#elsewhere">Elsewhere</a>
          <OnDemand component={Search} props={{}} placeholder={field} loadOnKey={isSearchShortcut} />
        </>,
      );
      screen.getByRole('link', { name: 'Elsewhere' }).focus();
      await act(async () => fireEvent.keyDown(document, { key: 'k', ctrlKey: true }));
      expect(await screen.findByRole('textbox', { name: 'Search the docs' })).toHaveFocus();
    });

    it('keeps the focus in the loaded component when it renders its field again', async () => {
      // Like the explorer's tabs: the first render's node is replaced a moment later.
      const Remounting = lazy(async () => ({
        default: function Remounting() {
          const [round, setRound] = React.useState(1);
          React.useEffect(() => void setTimeout(() => setRound(2), 50), []);
          return <input key={round} aria-label={`Search the docs (render ${round})`} />;
        },
      }));
      render(<OnDemand component={Remounting} props={{}} placeholder={field} />);
      await act(async () => screen.getByRole('textbox', { name: 'Search (placeholder)' }).focus());
      const second = await screen.findByRole('textbox', { name: 'Search the docs (render 2)' });
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(second).toHaveFocus();
    });

    it('leaves focus alone when a pointer loaded it', async () => {
      render(
        <>
          <button type="button">Elsewhere</button>
          <OnDemand component={Search} props={{}} placeholder={field} />
        </>,
      );
      await act(async () => fireEvent.pointerEnter(screen.getByRole('textbox', { name: 'Search (placeholder)' })));
      screen.getByRole('button', { name: 'Elsewhere' }).focus();
      expect(await screen.findByRole('textbox', { name: 'Search the docs' })).not.toHaveFocus();
      expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    });
  });
});
