import React, { useState, type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import { markdownHrefOf } from '@site/rules/routes';
import styles from './styles.module.css';

/** What the control says after a click (read out by screen readers through `role="status"`). */
type Outcome = { ok: true } | { ok: false; reason: string } | null;

/**
 * Fetches this page's Markdown copy (same origin, with the session cookie the gate checks).
 *
 * @throws {Error} saying why when the copy cannot be read (signed out: 401; the dev server has no copies:
 *   404, they are written by `npm run build`).
 */
export async function fetchPageMarkdown(href: string, fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(href, { credentials: 'same-origin', headers: { accept: 'text/markdown' } });
  if (response.status === 401) throw new Error('your session has ended; sign in again');
  if (response.status === 404) throw new Error('no Markdown copy here (they are made by npm run build)');
  if (!response.ok) throw new Error(`the portal answered ${response.status}`);
  return response.text();
}

/**
 * Puts `text` on the clipboard. A `ClipboardItem` given the pending text keeps the click's user
 * activation while the copy downloads (Safari requires it); `writeText` where that is unsupported.
 */
async function copyToClipboard(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      await navigator.clipboard.write([
        new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) }),
      ]);
      return;
    } catch (error) {
      // A failed download is the reason to report, not the clipboard's.
      await text;
      if (!navigator.clipboard.writeText) throw error;
    }
  }
  await navigator.clipboard.writeText(await text);
}

/**
 * "Copy page" and "View as Markdown" for readers' tools, on doc and API pages: copies the
 * page's Markdown copy (`<route>.md`, written by the build) or opens it. A button and a link, so both
 * work from the keyboard; the outcome is announced. No code runs until it is used.
 */
export default function CopyPage(): ReactNode {
  const { pathname } = useLocation();
  const href = markdownHrefOf(pathname);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const copy = async () => {
    setOutcome(null);
    try {
      await copyToClipboard(fetchPageMarkdown(href));
      setOutcome({ ok: true });
    } catch (error) {
      setOutcome({ ok: false, reason: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className={styles.copyPage}>
      <button type="button" className={styles.action} onClick={() => void copy()}>
        Copy page
      </button>
      <a className={styles.action} href={href} target="_blank" rel="noopener noreferrer" title="This page as Markdown">
        View as Markdown
      </a>
      <span role="status" className={outcome && !outcome.ok ? styles.error : styles.status}>
        {outcome ? (outcome.ok ? 'Copied as Markdown' : `Could not copy: ${outcome.reason}`) : ''}
      </span>
    </div>
  );
}
