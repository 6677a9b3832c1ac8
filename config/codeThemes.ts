/**
 * The code-block colour themes (light and dark): prism-react-renderer's `github` and `dracula` with the
 * token colours that fall below WCAG 2.2 success criterion 1.4.3 (contrast 4.5:1 for text) replaced by
 * the nearest darker (light theme) or lighter (dark theme) shade that meets it, against the theme's own
 * background and against a highlighted line (`--docusaurus-highlighted-code-line-bg` in
 * src/css/custom.css). config/__tests__/codeThemes.test.ts checks every token of both.
 * No theme in prism-react-renderer 2.4 reaches 4.5:1 for every token in light mode.
 */
import { themes, type PrismTheme } from 'prism-react-renderer';

/** The minimum contrast of a token's colour against the code background (SC 1.4.3, normal text). */
export const CODE_CONTRAST_MIN = 4.5;

/**
 * `theme` with each colour in `replacements` (upstream colour → ours, compared case-insensitively)
 * swapped, and opacity dropped (a faded token loses contrast).
 */
function recoloured(theme: PrismTheme, replacements: Record<string, string>): PrismTheme {
  const swap = (color?: string) => (color ? (replacements[color.toLowerCase()] ?? color) : color);
  return {
    plain: { ...theme.plain, color: swap(theme.plain.color) },
    styles: theme.styles.map(({ types, languages, style }) => {
      const unfaded = Object.fromEntries(Object.entries(style).filter(([key]) => key !== 'opacity'));
      return { types, ...(languages ? { languages } : {}), style: { ...unfaded, color: swap(style.color) } };
    }),
  };
}

/** Light code blocks: `github`, darkened where needed. */
export const lightCodeTheme = recoloured(themes.github, {
  '#999988': '#626254', // comment
  '#e3116c': '#bd0e5a', // string
  '#36acaa': '#216a69', // number, property, variable…
  '#00a4db': '#006789', // keyword, attr-name
  '#d73a49': '#b92534', // function, tag
});

/** Dark code blocks: `dracula`, lightened where needed. */
export const darkCodeTheme = recoloured(themes.dracula, {
  'rgb(98, 114, 164)': '#8692b9', // comment
  'rgb(255, 85, 85)': '#ff5a5a', // deleted
});
