/**
 * The accessibility audit: axe-core with the WCAG 2.2 A and AA rules, run on a page as it
 * is shown, in the light and dark colour schemes, at desktop width and at 390 px. Serious and critical
 * findings fail the tests; moderate and minor ones are reported.
 */
import axe from 'axe-core';
import type { Locator, Page } from '@playwright/test';

/** axe-core's tags for WCAG 2.0, 2.1 and 2.2, levels A and AA (axe has no `wcag22a` tag). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The widths audited, in CSS px: a desktop, and a phone (WCAG SC 1.4.10 reflow is tested at 320–390). */
export const WIDTHS = [1280, 390] as const;

/** The colour schemes audited: Docusaurus's `data-theme` values (spec §2.2, §4). */
export const SCHEMES = ['light', 'dark'] as const;

/** One axe finding on one node. */
export interface Finding {
  rule: string;
  impact: string;
  /** Where: the page, scheme and width, and the node's selector. */
  where: string;
  help: string;
}

/** Waits two animation frames, so a resize or a scheme change has been laid out and painted. */
const settled = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** The rules whose result depends on colours, so on the colour scheme (WCAG SC 1.4.1, 1.4.3). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** What `axe.run` gives back that the audit reads. */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; any: { message: string }[]; all: { message: string }[]; none: { message: string }[] }[];
}

/**
 * Runs axe-core in the page (its public API: `axe.source` injected once, then `axe.run`) with the WCAG
 * 2.2 A/AA rules, or only `rules`. This is what `@axe-core/playwright` does, without injecting the
 * engine again for each run (0.3–0.5 s a run on an API page, four runs a page).
 */
async function run(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, only }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const runOnly = only ? { type: 'rule' as const, values: only } : { type: 'tag' as const, values: tags };
      const results = await engine.run(document, { runOnly, resultTypes: ['violations'] });
      return results.violations as unknown as AxeViolation[];
    },
    { tags: WCAG_22_AA, only: rules },
  );
}

/**
 * The combinations of width and scheme a page is audited in, and the rules each runs (`rules`: only
 * these; else every WCAG 2.2 A/AA rule).
 */
export interface Pass {
  width: (typeof WIDTHS)[number];
  scheme: (typeof SCHEMES)[number];
  rules?: string[];
}

/**
 * All four combinations, for the sign-in views and one page of each layout: every rule in the light
 * scheme at both widths, the colour rules again in the dark one (the other rules read the DOM and the
 * layout, which a colour scheme does not change).
 */
export const EVERY_PASS: Pass[] = [
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark', rules: COLOUR_RULES },
  { width: 390, scheme: 'light' },
  { width: 390, scheme: 'dark', rules: COLOUR_RULES },
];

/**
 * The rules whose result depends on the width for a page's own content (WCAG SC 2.1.1 via scrollable
 * regions that must take focus, SC 2.5.8 target size): at 390 px the content is the same DOM laid out
 * narrower, so what changes is what overflows and how close targets sit.
 */
export const WIDTH_RULES = ['scrollable-region-focusable', 'target-size'];

/**
 * Three combinations, for every other page: what a page's own content can change. Every rule and the
 * colour rules in dark at 1280 px, and at 390 px the rules the width changes (colours do not change
 * with the width: no stylesheet here has a colour in a media query). The chrome shown at 390 px alone
 * (the navbar's menu button, the table of contents' toggle) is the same on every page of a layout and
 * is audited with every rule on one page of each (EVERY_PASS).
 */
export const PAGE_PASSES: Pass[] = [
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark', rules: COLOUR_RULES },
  { width: 390, scheme: 'light', rules: WIDTH_RULES },
];

/**
 * Audits the page showing now in `passes` (it is left at the last one's width and scheme).
 *
 * @param label - how findings name the page, e.g. its path.
 */
export async function audit(page: Page, label: string, passes: Pass[] = EVERY_PASS): Promise<Finding[]> {
  const findings: Finding[] = [];
  // Colours are measured as they end up: Infima fades colour changes over 200 ms, which a scheme change
  // would otherwise catch half-way.
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  for (const { width, scheme, rules } of passes) {
    await page.setViewportSize({ width, height: 900 });
    // Docusaurus pages follow `data-theme`; pages of their own (the hosted UI's, the consent page for AI
    // tools) follow the system's scheme.
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), scheme);
    await settled(page);
    for (const violation of await run(page, rules)) {
      for (const node of violation.nodes) {
        findings.push({
          rule: violation.id,
          impact: violation.impact ?? 'unknown',
          where: `${label} (${scheme}, ${width} px): ${node.target.join(' ')}`,
          // axe's own words for this node (e.g. the two colours and their ratio), else the rule's summary.
          help: node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message ?? violation.help,
        });
      }
    }
  }
  return findings;
}

/** Serious and critical findings: these fail the tests. */
export const blocking = (findings: Finding[]) =>
  findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');

/** One line per finding, for a failure message or the report. */
export const lines = (findings: Finding[]) => findings.map((f) => `${f.rule} [${f.impact}] ${f.where} — ${f.help}`);

/** Findings counted by rule and impact, e.g. `{ "region (moderate)": 2 }`. */
export function countByRule(findings: Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { rule, impact } of findings) counts[`${rule} (${impact})`] = (counts[`${rule} (${impact})`] ?? 0) + 1;
  return counts;
}

/**
 * The relative luminance (WCAG 2.2, 0 black to 1 white) of the background an element shows: its own
 * background colour, or the nearest ancestor's that is not transparent. A part that keeps a light background
 * in the dark scheme has no contrast finding (its text is dark on it) but does not follow the scheme.
 */
export function backgroundLuminance(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    for (let box: Element | null = node; box; box = box.parentElement) {
      const [r, g, b, a = 1] = (getComputedStyle(box).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      if (a > 0) return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    }
    return 1;
  });
}
