import { llmsTxtLink, llmsTxtLinks } from '../llmsTxt';

const SITE = 'https://portal.example.com';

describe('the link lines of llms.txt', () => {
  it.each([
    { title: 'Interrogator', url: `${SITE}/docs/services/interrogator.md`, description: 'Ask a question.' },
    { title: 'Archive', url: `${SITE}/blog/archive.md` },
    { title: 'Our domains and themes', url: `${SITE}/docs/domains/Our%20domains%20and%20themes.md` },
    { title: 'Tagged "Hola" [beta]', url: `${SITE}/blog/tags/hola.md`, description: 'See [x](y.md): z.md) too.' },
    { title: 'A route with (parentheses)', url: `${SITE}/docs/a(b).md)c.md`, description: 'Odd.' },
  ])('reads back what it writes: $title', (link) => {
    expect(llmsTxtLinks(`# Portal\n\n## Section\n\n${llmsTxtLink(link)}\n`)).toEqual([link]);
  });

  it('reads every link in order and nothing else: header, quote, headings, prose, other lists', () => {
    const text = [
      '# RegData developer portal',
      '',
      '> Documentation as Markdown. See [the guide](https://portal.example.com/docs/guide.md).',
      '',
      '## Docs',
      '',
      `- [One](${SITE}/one.md): first`,
      '- Not a link',
      `- [Two](${SITE}/two.md)`,
      `* [Three](${SITE}/three.md)`,
      `- [Four](${SITE}/four.html)`,
      `- [Five](${SITE}/five.md)trailing`,
    ].join('\n');
    expect(llmsTxtLinks(text)).toEqual([
      { title: 'One', url: `${SITE}/one.md`, description: 'first' },
      { title: 'Two', url: `${SITE}/two.md` },
    ]);
  });

  it('reads a line of a megabyte of `.md)` that is never a link end, finding no link', () => {
    const hostile = `- [x](${'.md)x'.repeat(1 << 18)}`;
    expect(llmsTxtLinks(hostile)).toEqual([]);
    expect(llmsTxtLinks(`${hostile}\n- [y](${SITE}/y.md)`)).toEqual([{ title: 'y', url: `${SITE}/y.md` }]);
  });
});
