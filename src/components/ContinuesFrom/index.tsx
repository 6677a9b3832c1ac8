import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useActiveVersion, useDoc } from '@docusaurus/plugin-content-docs/client';
import Admonition from '@theme/Admonition';
import { continuedDocId } from './continued';

/** Props of {@link ContinuesFrom}. */
export interface ContinuesFromProps {
  /** The page this one continues, as a file path from this page (e.g. `./getting-started.mdx`). */
  page: string;
  /** What it is called, e.g. "Getting started". */
  title: string;
}

/**
 * Says, at the top of a guide, which guide to follow first: its samples need what that one sets (`API_BASE`,
 * `TOKEN`). Written in MDX as `<ContinuesFrom page="./getting-started.mdx" title="Getting started" />`; the
 * guides' tests run that page's steps first, as a reader does (scripts/docs-check/guides.ts). Docusaurus
 * resolves file paths only in Markdown links, so the link goes to the doc whose id the path names.
 *
 * @throws {Error} naming both pages when no doc of this version is at `page` (the build fails on it).
 */
export default function ContinuesFrom({ page, title }: ContinuesFromProps): ReactNode {
  const { metadata } = useDoc();
  const id = continuedDocId(metadata.source, page);
  const target = useActiveVersion(undefined)?.docs.find((doc) => doc.id === id);
  if (!target) throw new Error(`<ContinuesFrom page="${page}"> in ${metadata.source}: no doc "${id}" is there.`);
  return (
    <Admonition type="note" title="Before this page">
      This page continues <Link to={target.path}>{title}</Link>: its samples need <code>API_BASE</code> and{' '}
      <code>TOKEN</code> set as that page sets them, in the same terminal or the same program.
    </Admonition>
  );
}
