/**
 * @jest-environment node
 */
import { withCategoryLinks } from '../docsSidebar';

describe('withCategoryLinks', () => {
  it("adds a category's customProps.links after its docs, at any depth, and keeps other props", () => {
    const items = withCategoryLinks([
      {
        type: 'category',
        label: 'HTTP API',
        customProps: { links: [{ label: 'API reference', href: '/api' }], badge: 'new' },
        items: [
          { type: 'doc', id: 'api/getting-started' },
          {
            type: 'category',
            label: 'Inner',
            customProps: { links: [{ label: 'Blog', href: '/blog' }] },
            items: [],
          },
        ],
      },
      { type: 'doc', id: 'loose' },
    ]);
    expect(items).toEqual([
      {
        type: 'category',
        label: 'HTTP API',
        customProps: { badge: 'new' },
        items: [
          { type: 'doc', id: 'api/getting-started' },
          {
            type: 'category',
            label: 'Inner',
            customProps: undefined,
            items: [{ type: 'link', label: 'Blog', href: '/blog' }],
          },
          { type: 'link', label: 'API reference', href: '/api' },
        ],
      },
      { type: 'doc', id: 'loose' },
    ]);
  });

  it('names the category whose link is incomplete', () => {
    expect(() =>
      withCategoryLinks([{ type: 'category', label: 'Services', customProps: { links: [{ label: 'x' }] }, items: [] }]),
    ).toThrow('_category_.json of "Services": each customProps.links entry needs a "label" and an "href"');
  });
});
