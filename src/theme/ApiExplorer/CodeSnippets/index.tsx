// The explorer's code samples, from the site's one snippet generator (rules/apiSample.ts for curl, Python and
// JavaScript; rules/apiSampleSnippets.ts for Java and Go, loaded when a reader picks one) instead of the theme's
// postman-code-generators: an operation page shows the same programs as the docs, which `npm test` runs against
// the sandbox. The request is the explorer's own (its path, query and body fields, through the theme's
// buildPostmanRequest); the tabs are the theme's CodeTabs, so they look, remember the language
// (`docusaurus.tab.code-samples`) and answer the arrow keys and Enter as the theme's do. The languages are the
// site's `languageTabs` (config/openapi.ts).
//
// Above them, the "Use my token" switch: off, the samples read API_BASE and TOKEN from the environment, as the
// docs' do; on, they hold the explorer's server URL and its bearer token (the signed-in user's access token,
// which the switch puts there), so what Copy copies runs as is. A press of a sample's Copy button is recorded
// for the writers as the operation (rules/insights.ts).
import React, { lazy, Suspense, useContext, useMemo, type MouseEvent, type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useStorageSlot } from '@docusaurus/theme-common';
import ApiCodeBlock from '@theme/ApiExplorer/ApiCodeBlock';
import CodeTabs from '@theme/ApiExplorer/CodeTabs';
import buildPostmanRequest from '@theme/ApiExplorer/buildPostmanRequest';
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { toCurl, toPython, toTypeScript, type SampleCredentials } from '@site/rules/apiSample';
import { routeOf } from '@site/rules/insights';
import { UseMyTokenSwitch, useUseMyToken } from '@site/src/components/UseMyToken';
import { record } from '@site/src/insights/client';
import { OperationContext } from '../operation';
import {
  credentialsOfRequest,
  sampleOfRequest,
  type PostmanRequest,
  type SampleOrError,
} from '@site/src/lib/explorerSample';

/** Java and Go, with their generator and grammars, loaded when a reader picks one of them. */
const OtherLanguage = lazy(() => import('./OtherLanguage'));

/** One language tab, as `themeConfig.languageTabs` lists it (config/openapi.ts `apiLanguageTabs`). */
export interface ExplorerLanguage {
  /** The tab's value and label: `curl`, `python`, `javascript`, `java` or `go`. */
  language: string;
  highlight: string;
  logoClass: string;
  variant: string;
  variants: string[];
}

/** What the theme's ApiExplorer passes (lib/theme/ApiExplorer/index.js); `codeSamples` is unused (none in the contract). */
export interface CodeSnippetsProps {
  postman: PostmanRequest;
}

/** Whether a click landed on a Copy button (the theme's code block names it "Copy code to clipboard"). */
function isCopyButton(target: EventTarget | null): boolean {
  const button = target instanceof Element ? target.closest('button') : null;
  const name = `${button?.getAttribute('aria-label') ?? ''} ${button?.getAttribute('title') ?? ''}`;
  return /\bcopy\b/i.test(name);
}

/** A tab panel, as the theme's CodeSnippets writes it (the tabs read `value`, `label` and `attributes`). */
function CodeTab({
  children,
  hidden,
  className,
}: {
  children: ReactNode;
  hidden?: boolean;
  className?: string;
  value: string;
  label: string;
  attributes?: { className: string };
}): ReactNode {
  return (
    <div role="tabpanel" className={className} hidden={hidden}>
      {children}
    </div>
  );
}

/**
 * One language's sample. Each language's block has a literal `language`, so plugins/prism-on-demand bundles
 * its grammar with this module (Java's and Go's come with ./OtherLanguage).
 */
function Sample({
  language,
  sample,
  credentials,
}: {
  language: string;
  sample: SampleOrError;
  credentials?: SampleCredentials;
}): ReactNode {
  const props = { className: 'openapi-explorer__code-block', showLineNumbers: true };
  if ('error' in sample)
    return (
      <ApiCodeBlock language="text" {...props}>
        {sample.error}
      </ApiCodeBlock>
    );
  switch (language) {
    case 'curl':
      return (
        <ApiCodeBlock language="bash" {...props}>
          {toCurl(sample.sample, credentials)}
        </ApiCodeBlock>
      );
    case 'python':
      return (
        <ApiCodeBlock language="python" {...props}>
          {toPython(sample.sample, credentials)}
        </ApiCodeBlock>
      );
    case 'javascript':
      return (
        <ApiCodeBlock language="javascript" {...props}>
          {toTypeScript(sample.sample, credentials)}
        </ApiCodeBlock>
      );
    case 'java':
    case 'go':
      return (
        <Suspense fallback={<ApiCodeBlock {...props}>{'…'}</ApiCodeBlock>}>
          <OtherLanguage language={language} sample={sample.sample} credentials={credentials} />
        </Suspense>
      );
    default:
      throw new Error(
        `languageTabs names "${language}", which the samples do not write: use curl, python, javascript, java or go`,
      );
  }
}

/** The request the explorer's fields make now, as a sample, and the reader's credentials when "Use my token" is on. */
function useExplorerSample(postman: CodeSnippetsProps['postman']) {
  const [on] = useUseMyToken();
  const contentType = useTypedSelector((state) => state.contentType.value);
  const accept = useTypedSelector((state) => state.accept.value);
  const server = useTypedSelector((state) => state.server.value);
  const body = useTypedSelector((state) => state.body);
  const params = useTypedSelector((state) => state.params);
  const auth = useTypedSelector((state) => state.auth);
  const request = useMemo(
    () =>
      buildPostmanRequest(postman, {
        queryParams: params.query,
        pathParams: params.path,
        cookieParams: params.cookie,
        headerParams: params.header,
        contentType,
        accept,
        body,
        server,
        auth,
      }),
    [postman, params, contentType, accept, body, server, auth],
  );
  const sample = useMemo(() => sampleOfRequest(request, contentType), [request, contentType]);
  return { sample, credentials: on ? credentialsOfRequest(request) : undefined };
}

const noop = () => undefined;
/** The theme's tabs take these callbacks; the language a reader picks is kept by the tabs' own group. */
const TABS_ACTION = { setLanguage: noop, setSelectedVariant: noop, setSelectedSample: noop };

/** One language's tab: the theme's variant tabs (one variant each here) around the sample. */
function LanguageTab({
  language,
  languages,
  children,
}: {
  language: ExplorerLanguage;
  languages: ExplorerLanguage[];
  children: ReactNode;
}): ReactNode {
  return (
    <CodeTabs
      className="openapi-tabs__code-container-inner"
      action={TABS_ACTION}
      includeVariant
      currentLanguage={language}
      defaultValue={language.variant.toLowerCase()}
      languageSet={languages}
      lazy
    >
      {language.variants.map((variant) => (
        <CodeTab
          value={variant.toLowerCase()}
          label={variant.toUpperCase()}
          key={`${language.language}-${variant}`}
          attributes={{ className: 'openapi-tabs__code-item--variant' }}
        >
          {children}
        </CodeTab>
      ))}
    </CodeTabs>
  );
}

export default function CodeSnippets({ postman }: CodeSnippetsProps): ReactNode {
  const operation = useContext(OperationContext);
  const { siteConfig } = useDocusaurusContext();
  const languages = (siteConfig.themeConfig.languageTabs ?? []) as ExplorerLanguage[];
  const { sample, credentials } = useExplorerSample(postman);
  const [persisted] = useStorageSlot('docusaurus.tab.code-samples');
  const initial = languages.find((language) => language.language === persisted) ?? languages[0];
  const onCopy = (event: MouseEvent) => {
    if (operation && isCopyButton(event.target))
      record({ type: 'copy', route: routeOf(window.location.pathname), operation });
  };
  if (!initial) return null;
  return (
    // The clicks are the theme's buttons' (keyboard presses of a button are clicks too); this box only listens.
    <div onClickCapture={onCopy} style={{ display: 'contents' }}>
      <UseMyTokenSwitch />
      <CodeTabs
        groupId="code-samples"
        action={TABS_ACTION}
        languageSet={languages}
        defaultValue={initial.language}
        lazy
      >
        {languages.map((language) => (
          <CodeTab
            value={language.language}
            label={language.language}
            key={language.language}
            attributes={{ className: `openapi-tabs__code-item--${language.logoClass}` }}
          >
            <LanguageTab language={language} languages={languages}>
              <Sample language={language.language} sample={sample} credentials={credentials} />
            </LanguageTab>
          </CodeTab>
        ))}
      </CodeTabs>
    </div>
  );
}
