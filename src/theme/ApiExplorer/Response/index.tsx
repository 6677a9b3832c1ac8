// Thin wrap of the explorer's response panel: when an answer arrives, a polite live region says so
// ("Response 200"), so a screen reader user who pressed "Send API request" hears that it came back
// (WCAG 2.2 SC 4.1.3 status messages), and the panel scrolls into view (the explorer column scrolls with the
// page, src/theme/ApiItem/explorer.css, so the answer may arrive below the window's edge). The theme's panel
// is rendered unchanged; it has no live region of its own (PaloAltoNetworks/docusaurus-openapi-docs#1265
// tracks its accessibility).
// Each answer is also recorded for the writers as the operation and its status class (2xx/4xx/5xx), never the
// request or the answer (rules/insights.ts).
import React, { useEffect, useRef, type ReactNode } from 'react';
import Response from '@theme-original/ApiExplorer/Response';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { routeOf, statusClassOf } from '@site/rules/insights';
import { record } from '@site/src/insights/client';

interface Props {
  item?: { operationId?: string };
  [key: string]: unknown;
}

export default function ResponseWrapper(props: Props): ReactNode {
  const code = useTypedSelector((state) => state.response.code);
  const answer = useTypedSelector((state) => state.response.value);
  const panel = useRef<HTMLDivElement>(null);
  const operation = props.item?.operationId;
  useEffect(() => {
    const status = code ? statusClassOf(Number(code)) : undefined;
    if (status && operation) record({ type: 'try', route: routeOf(window.location.pathname), operation, status });
  }, [code, operation]);
  // The theme's "Fetching..." first, then the answer: each shown where the reader is (the least scroll that
  // shows the panel whole, or its top when it is taller than the window).
  useEffect(() => {
    if (answer !== undefined) panel.current?.scrollIntoView({ block: 'nearest' });
  }, [answer]);
  return (
    <div ref={panel} style={{ scrollMarginTop: 'calc(var(--ifm-navbar-height) + 1rem)' }}>
      <div role="status" aria-live="polite" className="sr-only">
        {code ? `Response ${code}` : ''}
      </div>
      <Response {...props} />
    </div>
  );
}
