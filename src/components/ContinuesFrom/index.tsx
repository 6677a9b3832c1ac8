import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Admonition from '@theme/Admonition';

/** Props of {@link ContinuesFrom}. */
export interface ContinuesFromProps {
  /** The page this one continues, as a link from this page (e.g. `./getting-started.mdx`). */
  page: string;
  /** What it is called, e.g. "Getting started". */
  title: string;
}

/**
 * Says, at the top of a guide, which guide to follow first: its samples need what that one sets (`API_BASE`,
 * `TOKEN`). Written in MDX as `<ContinuesFrom page="./getting-started.mdx" title="Getting started" />`; the
 * guides' tests run that page's steps first, as a reader does (scripts/docs-check/guides.ts).
 */
export default function ContinuesFrom({ page, title }: ContinuesFromProps): ReactNode {
  return (
    <Admonition type="note" title="Before this page">
      This page continues <Link to={page}>{title}</Link>: its samples need <code>API_BASE</code> and <code>TOKEN</code>{' '}
      set as that page sets them, in the same terminal or the same program.
    </Admonition>
  );
}
