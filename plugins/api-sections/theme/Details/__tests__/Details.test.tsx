import React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { mockIsBrowser } from '@site/tests/unit/mocks/useIsBrowser';
import Details from '..';

// Server rendering as Docusaurus does it (react-dom/server; the project has no @types/react-dom).
const { renderToString } = jest.requireActual<{ renderToString(node: React.ReactNode): string }>('react-dom/server');

const property = <p>publishers: the documents’ publishers</p>;

// Core's Details as far as these tests need it: a <details> with the summary, the content, and the props.
jest.mock('@theme-original/Details', () => ({
  __esModule: true,
  default: ({ summary, children, ...props }: { summary: React.ReactNode; children?: React.ReactNode }) => (
    <details data-testid="theme-original" {...props}>
      {summary}
      {children}
    </details>
  ),
}));

describe('Details: content rendered when first opened, for a <details> that mounts after hydration', () => {
  afterEach(() => (mockIsBrowser.value = true));

  it('renders a closed one’s content only once it is clicked open', () => {
    render(<Details summary={<summary>publishers</summary>}>{property}</Details>);
    expect(screen.queryByText(/the documents’ publishers/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('theme-original'));
    expect(screen.getByText(/the documents’ publishers/)).toBeInTheDocument();
  });

  it('renders an open one’s content at once', () => {
    render(
      <Details open summary={<summary>publishers</summary>}>
        {property}
      </Details>,
    );
    expect(screen.getByText(/the documents’ publishers/)).toBeInTheDocument();
  });

  it('keeps a closed one’s content in the server HTML and while hydrating (a doc’s Markdown, the search index)', () => {
    mockIsBrowser.value = false;
    expect(renderToString(<Details summary={<summary>publishers</summary>}>{property}</Details>)).toContain(
      'the documents’ publishers',
    );
    render(<Details summary={<summary>publishers</summary>}>{property}</Details>);
    expect(screen.getByText(/the documents’ publishers/)).toBeInTheDocument();
  });

  it('passes the caller’s own click handler on', () => {
    const onClickCapture = jest.fn();
    render(
      <Details summary={<summary>publishers</summary>} onClickCapture={onClickCapture}>
        {property}
      </Details>,
    );
    fireEvent.click(screen.getByTestId('theme-original'));
    expect(onClickCapture).toHaveBeenCalledTimes(1);
  });
});
