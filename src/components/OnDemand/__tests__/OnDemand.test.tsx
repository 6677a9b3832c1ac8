import React, { lazy } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import OnDemand from '..';
import { isSearchShortcut } from '@site/src/components/SearchPlaceholder';

const Explorer = lazy(async () => ({ default: ({ name }: { name: string }) => <p>Explorer for {name}</p> }));
const placeholder = <p>Loading…</p>;

/** Lets time pass, so a component that loaded by itself (at idle, on a timer) would have. */
const pastIdle = () => act(() => new Promise((resolve) => setTimeout(resolve, 500)));

describe('OnDemand (issue #9)', () => {
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
});
