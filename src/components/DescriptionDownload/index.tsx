import React, { Fragment, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import CodeBlock from '@theme/CodeBlock';
import { DESCRIPTION_DOWNLOADS } from '@site/rules/contract';
import { PORTAL_ORIGIN_PLACEHOLDER } from '@site/rules/mcpInstall';

/** The file a download is saved as: the last segment of its path, e.g. `openapi.json`. */
const fileOf = (href: string) => href.slice(href.lastIndexOf('/') + 1);

/**
 * The `/api` landing page's "Download the description" (openapi/templates/info.mustache): links that save
 * the description as `openapi.json` and `openapi.yaml` (the `download` attribute: the browser saves the file
 * instead of opening it), then `children` (the template's words), then the curl a script fetches it with, at
 * this portal's own origin once the page runs in the browser (the HTML, rendered without one, says
 * `https://<portal host>`).
 */
export default function DescriptionDownload({ children }: { children?: ReactNode }): ReactNode {
  const isBrowser = useIsBrowser();
  const origin = isBrowser ? window.location.origin : PORTAL_ORIGIN_PLACEHOLDER;
  return (
    <>
      <p>
        {Object.values(DESCRIPTION_DOWNLOADS).map((href, index) => (
          <Fragment key={href}>
            {index > 0 && ' · '}
            <a href={href} download={fileOf(href)}>
              <code>{fileOf(href)}</code>
            </a>
          </Fragment>
        ))}
      </p>
      {children}
      <CodeBlock language="bash">
        {`curl -H "Authorization: Bearer $TOKEN" "${origin}${DESCRIPTION_DOWNLOADS.json}"`}
      </CodeBlock>
    </>
  );
}
