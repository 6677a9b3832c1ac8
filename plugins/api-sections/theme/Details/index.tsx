// Thin wrap: a `<details>` first rendered after hydration renders its content when it is first opened, instead of
// while it is closed. The OpenAPI theme renders an operation's schemas in the browser only, every nested property
// in a closed `<details>` (lib/theme/Schema SchemaNodeDetails): a large share of an operation page's elements, all
// committed in the task that shows the schemas. Core's Details hides a closed one's content (`display: none`,
// theme-common Collapsible), so until opened it is neither seen, read by a screen reader nor found by find-in-page;
// it renders in the click that opens it, before the opening animation measures it. A `<details>` in the
// server-rendered HTML (a doc's Markdown) keeps its content there and while hydrating, so the HTML, the search
// index and hydration are unchanged.
import React, { useState, type MouseEvent, type ReactNode } from 'react';
import Details from '@theme-init/Details';
import type { Props } from '@theme/Details';
import useIsBrowser from '@docusaurus/useIsBrowser';

export default function DetailsWrapper(props: Props): ReactNode {
  const hydrated = useIsBrowser();
  // Decided once, at mount: rendered on the server or while hydrating, or open from the start → content now.
  const [reached, setReached] = useState(() => !hydrated || !!props.open);
  if (reached) return <Details {...props} />;
  // Capture phase: before core's Details handles the same click (its onClick toggles and animates).
  const reach = (event: MouseEvent<HTMLDetailsElement>) => {
    setReached(true);
    props.onClickCapture?.(event);
  };
  return (
    <Details {...props} onClickCapture={reach}>
      {null}
    </Details>
  );
}
