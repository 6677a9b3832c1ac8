// Thin wrap: the not-found page keeps the theme's words and adds what a reader needs next, a search of the
// portal (the local search's page, `/search?q=`) holding the words of the address they tried, and links back
// to the home page, Getting started and the API reference. Under `npm start` the address of a page's
// Markdown copy ("View as Markdown") gets no page at all, since the dev server has no copies: that address
// says so instead, as "Copy page" does, and links the page itself.
import React, { useEffect, useId, useState, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import NotFoundContent from '@theme-original/NotFound/Content';
import type { Props } from '@theme/NotFound/Content';
import { pageOfMarkdownHref } from '@site/rules/routes';
import styles from './styles.module.css';

/** The longest address read for search words, in characters: an address is the reader's input. */
const MAX_ADDRESS_CHARS = 200;

/** The words of an address's last part, for the search field: `/docs/servces/interogator-x` → `interogator x`. */
export function searchWordsOf(pathname: string): string {
  const last = pathname.slice(0, MAX_ADDRESS_CHARS).split('/').filter(Boolean).pop() ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    decoded = last;
  }
  return decoded
    .replace(/\.(?:html|md)$/, '')
    .replace(/[-_.+]+/g, ' ')
    .trim();
}

/** What a reader can do from here: search, or go back to a page they know. */
function WaysOn(): ReactNode {
  const id = useId();
  const { pathname } = useLocation();
  const history = useHistory();
  const searchPage = useBaseUrl('/search');
  const [words, setWords] = useState('');
  // After hydration: the page was rendered ahead of time for no address in particular.
  useEffect(() => setWords(searchWordsOf(pathname)), [pathname]);
  return (
    <div className={`container margin-bottom--xl ${styles.waysOn}`}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          {/* Opened within the app: the search page reads `q` then, while a full load of `/search?q=` loses it
              as the page hydrates (its first render has no query, which it writes back to the address). */}
          <form
            role="search"
            action={searchPage}
            method="get"
            aria-labelledby={`${id}-search`}
            onSubmit={(event) => {
              event.preventDefault();
              history.push(`${searchPage}?${new URLSearchParams({ q: words.trim() })}`);
            }}
          >
            <h2 id={`${id}-search`}>Search the portal</h2>
            <label htmlFor={`${id}-q`}>Words to look for</label>
            <div className={styles.field}>
              <input
                id={`${id}-q`}
                type="search"
                name="q"
                value={words}
                onChange={(event) => setWords(event.target.value)}
              />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          <nav aria-labelledby={`${id}-back`}>
            <h2 id={`${id}-back`}>Or go back to</h2>
            <ul>
              <li>
                <Link to="/">The home page</Link>
              </li>
              <li>
                <Link to="/docs/api/getting-started">Getting started</Link>
              </li>
              <li>
                <Link to="/api">The API reference</Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </div>
  );
}

/** Under `npm start`, at the address of `page`'s Markdown copy: why there is none, and the page. */
function NoCopyUnderDevServer({ page }: { page: string }): ReactNode {
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--6 col--offset-3">
          <h1 className="hero__title">No Markdown copy under npm start</h1>
          <p>
            The dev server has no Markdown copies of pages: <code>npm run build</code> makes them, and{' '}
            <code>npm run serve</code> serves them with the built site.
          </p>
          <p>
            Read the page itself: <Link to={page}>{page}</Link>.
          </p>
        </div>
      </div>
    </main>
  );
}

export default function NotFoundContentWrapper(props: Props): ReactNode {
  const { pathname } = useLocation();
  const copyOf = pageOfMarkdownHref(pathname);
  // Only the dev server renders this page at a Markdown copy's address: a build serves the copy itself.
  // eslint-disable-next-line no-restricted-properties -- the bundle's mode, fixed when it is compiled, not configuration
  if (process.env.NODE_ENV === 'development' && copyOf) return <NoCopyUnderDevServer page={copyOf} />;
  return (
    <>
      <NotFoundContent {...props} />
      <WaysOn />
    </>
  );
}
