import React from 'react';
import { Provider } from 'react-redux';
import { act, fireEvent, render, screen } from '@testing-library/react';
// The theme's own Redux store and slices (jest maps @theme/ApiItem/* to the theme's files).
import { createStoreWithState } from '@theme/ApiItem/store';
import ApiExplorer from '..';

const SERVER = { url: 'https://api.regulatory-data.invalid/api/v1/customer' };
const DOCUMENT_ID = '3f1c2a9e-7b4d-4c1e-9a53-2d8e6f0b1a77';
const item = {
  method: 'get',
  path: '/documents/{document_id}',
  parameters: [{ name: 'document_id', in: 'path', required: true, example: DOCUMENT_ID }],
} as never;

/** The theme's explorer, as the unit-test stand-in renders it (CodeBlock is a stand-in too, without `item`). */
const explorer = () =>
  screen.queryAllByTestId('theme-original').find((element) => 'item' in JSON.parse(element.dataset.props ?? '{}'));

function renderPage() {
  const store = createStoreWithState({ server: { value: undefined, options: [SERVER] } }, []);
  render(
    <Provider store={store}>
      <ApiExplorer item={item} infoPath="/api" />
    </Provider>,
  );
  return store;
}

describe('ApiExplorer wrapper', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the operation in curl, Python and TypeScript and a button, without the explorer, until the reader reaches for it', async () => {
    renderPage();
    // The contract's example id, so the sample runs as shown.
    expect(
      screen.getByText(`curl -sS --fail-with-body "$API_BASE/documents/${DOCUMENT_ID}"`, { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryAllByText(/\{document_id\}/)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Open the request builder' })).toBeInTheDocument();
    // Waiting is not enough: a reader who only reads never downloads the explorer (ten seconds of fake time).
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(explorer()).toBeUndefined();

    await act(async () => fireEvent.focus(screen.getByRole('button', { name: 'Open the request builder' })));
    await screen.findByText((_, element) => element === explorer());
    expect(JSON.parse(explorer()?.dataset.props ?? '{}')).toEqual({ item, infoPath: '/api' });
    expect(screen.queryByRole('button', { name: 'Open the request builder' })).not.toBeInTheDocument();
  });

  it("chooses the contract's first server, so the operation's heading shows the full URL before the explorer loads", () => {
    const store = renderPage();
    expect(store.getState().server.value).toEqual(SERVER);
  });
});
