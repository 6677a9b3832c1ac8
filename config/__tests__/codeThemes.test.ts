/**
 * Every token of the code-block themes meets WCAG 2.2 SC 1.4.3 (4.5:1) on its background, plain and
 * on a highlighted line, in light and dark. The highlighted-line colours are read from
 * src/css/custom.css, where they are set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type { PrismTheme } from 'prism-react-renderer';
import { CODE_CONTRAST_MIN, darkCodeTheme, lightCodeTheme } from '../codeThemes';

extend([a11yPlugin]);

const css = fs.readFileSync(path.join(__dirname, '../../src/css/custom.css'), 'utf8');

/** `--docusaurus-highlighted-code-line-bg` of the `:root` block (light) or the dark block. */
function highlight(scheme: 'light' | 'dark'): Colord {
  const block = scheme === 'light' ? /:root\s*\{([^}]*)\}/ : /\[data-theme='dark'\]\s*\{([^}]*)\}/;
  const value = block.exec(css)?.[1].match(/--docusaurus-highlighted-code-line-bg:([^;]+);/)?.[1];
  if (!value) throw new Error(`no --docusaurus-highlighted-code-line-bg in the ${scheme} block of custom.css`);
  return colord(value.trim());
}

/** `over` (with its alpha) composited onto the opaque `under`. */
function composite(over: Colord, under: Colord): Colord {
  const o = over.toRgb();
  const u = under.toRgb();
  const mix = (a: number, b: number) => a * o.a + b * (1 - o.a);
  return colord({ r: mix(o.r, u.r), g: mix(o.g, u.g), b: mix(o.b, u.b) });
}

describe.each([
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
] as ['light' | 'dark', PrismTheme][])('the %s code theme', (scheme, theme) => {
  const background = colord(theme.plain.backgroundColor!);
  const backgrounds = { plain: background, highlighted: composite(highlight(scheme), background) };
  const tokens = [
    { types: 'plain text', color: theme.plain.color! },
    ...theme.styles.filter((s) => s.style.color).map((s) => ({ types: s.types.join(', '), color: s.style.color! })),
  ];

  it.each(tokens.map((token) => [token.types, token.color]))(
    '%s (%s) is readable on both backgrounds',
    (_types, color) => {
      for (const [where, bg] of Object.entries(backgrounds)) {
        const ratio = Math.round(colord(color as string).contrast(bg) * 100) / 100;
        expect({ where, ratio: ratio >= CODE_CONTRAST_MIN }).toEqual({ where, ratio: true });
      }
    },
  );

  it('fades no token (opacity would lower its contrast)', () => {
    expect(theme.styles.filter((s) => s.style.opacity !== undefined).map((s) => s.types.join(', '))).toEqual([]);
  });
});
