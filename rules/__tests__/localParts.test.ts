/**
 * @jest-environment node
 *
 * A part of a page for a portal run on the reader's own machine (`:::on-your-machine`): left out for a user
 * pool, kept as a note under its heading for a local run, wherever it sits in the page. The site's pages and the
 * Markdown copies apply it: tests/docs/localParts.test.ts and plugins/markdown-export/__tests__/mdx.test.ts.
 */
import { applyLocalParts, LOCAL_PART_TITLE, remarkLocalParts } from '../localParts';

describe('applyLocalParts', () => {
  const page = () => ({
    type: 'root',
    children: [
      { type: 'paragraph', children: [{ type: 'text', value: 'Before.' }] },
      {
        type: 'containerDirective',
        name: 'note',
        children: [
          { type: 'containerDirective', name: 'on-your-machine', children: [{ type: 'text', value: 'Nested.' }] },
        ],
      },
      { type: 'containerDirective', name: 'on-your-machine', children: [{ type: 'text', value: 'Local.' }] },
    ],
  });

  it('leaves out every part, nested ones too, for a user pool', () => {
    const tree = page();
    applyLocalParts(tree, false);
    expect(JSON.stringify(tree)).not.toMatch(/Local\.|Nested\./);
    expect(tree.children).toHaveLength(2);
  });

  it('keeps every part, nested ones too, as a note headed for a local run', () => {
    const tree = page();
    applyLocalParts(tree, true);
    expect(JSON.stringify(tree)).not.toContain('on-your-machine');
    expect(JSON.stringify(tree.children[2])).toContain(LOCAL_PART_TITLE);
    expect(JSON.stringify(tree.children[1])).toContain(LOCAL_PART_TITLE);
  });
});

describe('remarkLocalParts', () => {
  it('keeps the parts in local mode only', () => {
    const part = () => ({
      type: 'root',
      children: [
        { type: 'containerDirective', name: 'on-your-machine', children: [{ type: 'text', value: 'Local.' }] },
      ],
    });
    const local = part();
    remarkLocalParts({ mode: 'local' })(local);
    expect(local.children).toHaveLength(1);
    const userPool = part();
    remarkLocalParts({ mode: 'cognito' })(userPool);
    expect(userPool.children).toEqual([]);
  });

  it('refuses a part with a title of its own, naming its line', () => {
    const tree = {
      type: 'root',
      children: [
        {
          type: 'containerDirective',
          name: 'on-your-machine',
          position: { start: { line: 7 } },
          children: [{ type: 'paragraph', data: { directiveLabel: true }, children: [] }],
        },
      ],
    };
    expect(() => applyLocalParts(tree, false)).toThrow(/^line 7: ":::on-your-machine" takes no title/);
  });
});
