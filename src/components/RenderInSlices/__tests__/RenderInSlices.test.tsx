import React from 'react';
import { render, screen } from '@testing-library/react';
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
});
