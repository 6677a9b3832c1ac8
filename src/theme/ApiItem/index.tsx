// Thin wrap of the theme's ApiItem: gives numeric query defaults text prefills, which the theme would send empty
// (src/lib/apiPrefill.ts), in a content component it memoises, so the theme's second render after hydration (it
// reads useIsBrowser and builds its Redux store anew) stops at the MDX instead of rendering every heading, tab and
// schema again in one long task; corrects the theme's list and button markup for assistive technology
// (src/lib/apiMarkup.ts); and lets the explorer column scroll with the page (./explorer.css).
import React, { memo, useEffect, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import ApiItem from '@theme-original/ApiItem';
import { decodeApi, withTextPrefills } from '@site/src/lib/apiPrefill';
import { watchApiMarkup } from '@site/src/lib/apiMarkup';
import './accessibility.css';
import './explorer.css';

/** What Docusaurus passes a doc item: the MDX content component, with its exports as properties. */
export interface Props {
  content: ComponentType & Record<string, unknown>;
}

export default function ApiItemWrapper(props: Props): ReactNode {
  // Docusaurus attaches the MDX module's exports (frontMatter, metadata, toc, …) to the component as
  // properties (core ComponentCreator); the memoised component carries the same ones.
  const content = useMemo(() => {
    // Loud when core stops attaching them (a core internal): the e2e tests fail on console errors.
    if (!props.content.frontMatter) {
      console.error(
        'ApiItem wrap: the MDX content component carries no frontMatter (core ComponentCreator no longer attaches ' +
          'MDX exports); numeric prefills (src/lib/apiPrefill.ts) are off.',
      );
    }
    const api = decodeApi(props.content.frontMatter && (props.content.frontMatter as { api?: unknown }).api);
    // Decoded here with text prefills, the theme keeps this `api` (it only decodes strings).
    const frontMatter = api
      ? { ...(props.content.frontMatter as object), api: withTextPrefills(api) }
      : props.content.frontMatter;
    return Object.assign(memo(props.content), props.content, { frontMatter });
  }, [props.content]);
  const markup = useRef<HTMLDivElement>(null);
  useEffect(() => (markup.current ? watchApiMarkup(markup.current) : undefined), []);
  // `display: contents`: the wrapper adds no box, so the theme's layout is unchanged.
  return (
    <div ref={markup} style={{ display: 'contents' }}>
      <ApiItem {...props} content={content} />
    </div>
  );
}
