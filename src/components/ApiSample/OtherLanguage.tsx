/**
 * A request sample in Java or Go (rules/apiSampleSnippets.ts), with the Java grammar for the highlighter:
 * loaded by ApiSample only when a reader picks one of these tabs, so no page's first script carries the
 * snippet generator or the grammar.
 */
import './prismGlobal';
import 'prismjs/components/prism-java';
import './prismRestore';
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
  return (
    <CodeBlock language={language} title={title}>
      {(language === 'java' ? toJava : toGo)(sample, credentials)}
    </CodeBlock>
  );
}
