import React, { lazy, Suspense, type ReactNode } from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import { parseRequestSample, toCurl, toPython, toTypeScript } from '../../../rules/apiSample';
import { UseMyTokenSwitch, WithSampleCredentials } from '@site/src/components/UseMyToken';

/** Java and Go, with their generator and Java's grammar, loaded when a reader picks one of them. */
const OtherLanguage = lazy(() => import('./OtherLanguage'));

/** Props of {@link ApiSample}: the request as text, see `parseRequestSample`. */
export interface ApiSampleProps {
  children: string;
  /** Shown above the tabs, e.g. "Search documents". */
  title?: string;
}

/**
 * One request in curl, Python (requests), TypeScript (fetch), Java (the JDK's HttpClient) and Go
 * (net/http), in tabs that remember the reader's language across the site (`groupId`). Written in MDX as
 * ``<ApiSample>{`POST /documents?page=1\n{"doctypes": ["Laws"]}`}</ApiSample>``; tests/docs checks
 * every sample against the OpenAPI contract. Only the chosen language's panel is rendered (Docusaurus
 * Tabs `lazy`): the other two are hidden, so neither seen, read by a screen reader nor found by
 * find-in-page, and highlighting them would cost every page that shows a sample (on the API operation
 * pages, a large share of the explorer column's DOM).
 *
 * Above the tabs, the "Use my token" switch: on, the samples and what Copy copies hold the
 * reader's API base URL and access token; off (the default, and always in the HTML, the Markdown copy and
 * the search index, which are built without a session), `$API_BASE` and `$TOKEN`.
 *
 * @throws {Error} at build time when the sample text is malformed (the message says what to fix).
 */
export default function ApiSample({ children, title }: ApiSampleProps): ReactNode {
  const sample = parseRequestSample(String(children));
  return (
    <div className="api-sample">
      <UseMyTokenSwitch />
      <WithSampleCredentials>
        {(credentials) => (
          <Tabs groupId="api-language" queryString="lang" lazy>
            <TabItem value="curl" label="curl">
              <CodeBlock language="bash" title={title}>
                {toCurl(sample, credentials ?? undefined)}
              </CodeBlock>
            </TabItem>
            <TabItem value="python" label="Python">
              <CodeBlock language="python" title={title}>
                {toPython(sample, credentials ?? undefined)}
              </CodeBlock>
            </TabItem>
            <TabItem value="typescript" label="TypeScript">
              <CodeBlock language="typescript" title={title}>
                {toTypeScript(sample, credentials ?? undefined)}
              </CodeBlock>
            </TabItem>
            {(['java', 'go'] as const).map((language) => (
              <TabItem key={language} value={language} label={language === 'java' ? 'Java' : 'Go'}>
                <Suspense fallback={<CodeBlock title={title}>{'…'}</CodeBlock>}>
                  <OtherLanguage
                    language={language}
                    sample={sample}
                    credentials={credentials ?? undefined}
                    title={title}
                  />
                </Suspense>
              </TabItem>
            ))}
          </Tabs>
        )}
      </WithSampleCredentials>
    </div>
  );
}
