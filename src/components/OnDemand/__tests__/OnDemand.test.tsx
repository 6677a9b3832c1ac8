import React, { lazy } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import OnDemand from '..';
import { FALLBACK_DELAY_MS } from '../whenIdle';
import { isSearchShortcut } from '@site/src/components/SearchPlaceholder';

const Explorer = lazy(async () => ({ default: ({ name }: { name: string }) => <p>Explorer for {name}</p> }));
const placeholder = <p>Loading…</p>;

/** Lets more than the idle fallback delay pass, so a component that loads at idle would have loaded. */
const pastIdle = () => act(() => new Promise((resolve) => setTimeout(resolve, FALLBACK_DELAY_MS * 2)));

describe('OnDemand (issue #9)', () => {
  it('shows the placeholder until the reader reaches for it, then the component', async () => {
    render(
      <OnDemand
        component={Explorer}
        props={{ name: 'search-documents' }}
        placeholder={placeholder}
        load="interaction"
      />,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => fireEvent.pointerEnter(screen.getByText('Loading…')));
    expect(await screen.findByText('Explorer for search-documents')).toBeInTheDocument();
  });

  it('loads once the page has loaded and the browser is idle', async () => {
    render(<OnDemand component={Explorer} props={{ name: 'count-documents' }} placeholder={placeholder} />);
    // jsdom has loaded the document and has no requestIdleCallback: the short fallback timer runs.
    expect(await screen.findByText('Explorer for count-documents')).toBeInTheDocument();
  });

  it('loads on a shortcut key anywhere on the page, and not on other keys', async () => {
    render(
      <OnDemand
        component={Explorer}
        props={{ name: 'search' }}
        placeholder={placeholder}
        load="interaction"
        loadOnKey={isSearchShortcut}
      />,
    );
    await act(async () => fireEvent.keyDown(document, { key: 'k' }));
    await pastIdle();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => fireEvent.keyDown(document, { key: 'K', ctrlKey: true }));
    expect(await screen.findByText('Explorer for search')).toBeInTheDocument();
  });
});
