/**
 * An explorer sample in Java or Go (rules/apiSampleSnippets.ts): loaded by the explorer's CodeSnippets only when
 * a reader picks one of these tabs, so the explorer's chunk carries neither their generators nor their grammars.
 * Each language is a literal `language` of its own code block, so plugins/prism-on-demand appends the Java and
 * Go grammars to this component's chunk at build time.
 */
import React, { type ReactNode } from 'react';
import ApiCodeBlock from '@theme/ApiExplorer/ApiCodeBlock';
import type { RequestSample, SampleCredentials } from '@site/rules/apiSample';
import { toGo, toJava } from '@site/rules/apiSampleSnippets';

/** Props of {@link OtherLanguage}. */
export interface OtherLanguageProps {
  language: 'java' | 'go';
  sample: RequestSample;
  /** The explorer's server URL and bearer token ("Use my token" on), or none: the environment's. */
  credentials?: SampleCredentials;
}

export default function OtherLanguage({ language, sample, credentials }: OtherLanguageProps): ReactNode {
  const props = { className: 'openapi-explorer__code-block', showLineNumbers: true };
  return language === 'java' ? (
    <ApiCodeBlock language="java" {...props}>
      {toJava(sample, credentials)}
    </ApiCodeBlock>
  ) : (
    <ApiCodeBlock language="go" {...props}>
      {toGo(sample, credentials)}
    </ApiCodeBlock>
  );
}
