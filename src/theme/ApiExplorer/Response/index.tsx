// Thin wrap of the explorer's response panel: when an answer arrives, a polite live region says so
// ("Response 200"), so a screen reader user who pressed "Send API request" hears that it came back
// (WCAG 2.2 SC 4.1.3 status messages). The theme's panel is rendered unchanged; it has no
// live region of its own (PaloAltoNetworks/docusaurus-openapi-docs#1265 tracks its accessibility).
// Each answer is also recorded for the writers as the operation and its status class (2xx/4xx/5xx), never the
// request or the answer (rules/insights.ts).
import React, { useEffect, type ReactNode } from 'react';
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
  const operation = props.item?.operationId;
  useEffect(() => {
    const status = code ? statusClassOf(Number(code)) : undefined;
    if (status && operation) record({ type: 'try', route: routeOf(window.location.pathname), operation, status });
  }, [code, operation]);
  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {code ? `Response ${code}` : ''}
      </div>
      <Response {...props} />
    </>
  );
}
