// Thin wrap of the explorer's response panel: when an answer arrives, a polite live region says so
// ("Response 200"), so a screen reader user who pressed "Send API request" hears that it came back
// (WCAG 2.2 SC 4.1.3 status messages). The theme's panel is rendered unchanged; it has no
// live region of its own (PaloAltoNetworks/docusaurus-openapi-docs#1265 tracks its accessibility).
import React, { type ReactNode } from 'react';
import Response from '@theme-original/ApiExplorer/Response';
import { useTypedSelector } from '@theme/ApiItem/hooks';

export default function ResponseWrapper(props: Record<string, unknown>): ReactNode {
  const code = useTypedSelector((state) => state.response.code);
  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {code ? `Response ${code}` : ''}
      </div>
      <Response {...props} />
    </>
  );
}
