/**
 * A request sample in Java or Go (rules/apiSampleSnippets.ts): loaded by ApiSample only when a reader picks one
 * of these tabs, so no page's first script carries the snippet generator or the grammars. Each language is a
 * literal `language` of its own CodeBlock, so plugins/prism-on-demand appends the Java and Go grammars to this
 * component's chunk at build time.
 */
import React, { type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import type { RequestSample, SampleCredentials } from '../../../rules/apiSample';
import { toGo, toJava } from '../../../rules/apiSampleSnippets';

/** Props of {@link OtherLanguage}. */
export interface OtherLanguageProps {
  language: 'java' | 'go';
  sample: RequestSample;
  /** The reader's own API base and token ("Use my token" on), or none: the environment's. */
  credentials?: SampleCredentials;
  title?: string;
}

export default function OtherLanguage({ language, sample, credentials, title }: OtherLanguageProps): ReactNode {
  return language === 'java' ? (
    <CodeBlock language="java" title={title}>
      {toJava(sample, credentials)}
    </CodeBlock>
  ) : (
    <CodeBlock language="go" title={title}>
      {toGo(sample, credentials)}
    </CodeBlock>
  );
}
