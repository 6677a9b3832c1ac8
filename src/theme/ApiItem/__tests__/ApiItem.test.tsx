import React, { useState, type ComponentType } from 'react';
import { act, render, screen } from '@testing-library/react';
import ApiItem from '..';

/**
 * Stands in for the theme's ApiItem: reads the content's exports as the theme does, renders the MDX,
 * and renders again when told to (as the theme does once useIsBrowser turns true).
 */
let rerenderItem: () => void = () => undefined;
jest.mock('@theme-original/ApiItem', () => ({
  __esModule: true,
  default: function ThemeApiItem({ content: Content }: { content: ComponentType & Record<string, unknown> }) {
    const [renders, setRenders] = useState(0);
    rerenderItem = () => setRenders((count) => count + 1);
    const { frontMatter, metadata } = Content as unknown as {
      frontMatter: { title: string };
      metadata: { id: string };
    };
    return (
      <article data-renders={renders}>
        <h1>{frontMatter.title}</h1>
        <p>doc {metadata.id}</p>
        <Content />
      </article>
    );
  },
}));

describe('ApiItem wrapper', () => {
  it('hands the theme a content component with the same exports that does not render again with the item', () => {
    let mdxRenders = 0;
    const Mdx: ComponentType & Record<string, unknown> = Object.assign(
      () => {
        mdxRenders += 1;
        return <p>Returns the documents that match the filter body.</p>;
      },
      { frontMatter: { title: 'Search documents' }, metadata: { id: 'v1/search-documents' } } as Record<
        string,
        unknown
      >,
    );
    render(<ApiItem content={Mdx} />);
    expect(screen.getByRole('heading', { name: 'Search documents' })).toBeInTheDocument();
    expect(screen.getByText('doc v1/search-documents')).toBeInTheDocument();
    expect(screen.getByText('Returns the documents that match the filter body.')).toBeInTheDocument();
    expect(mdxRenders).toBe(1);

    act(() => rerenderItem());
    expect(screen.getByRole('article')).toHaveAttribute('data-renders', '1');
    expect(mdxRenders).toBe(1);
  });

  it('says so on the console when core no longer attaches the MDX exports', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Bare = Object.assign(() => <p>Body</p>, { metadata: { id: 'v1/x' } } as Record<
      string,
      unknown
    >) as ComponentType & Record<string, unknown>;
    expect(() => render(<ApiItem content={Bare} />)).toThrow();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/no frontMatter \(core ComponentCreator/));
    error.mockRestore();
  });
});
