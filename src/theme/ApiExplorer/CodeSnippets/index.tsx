// The explorer's code samples with the "Use my token" switch above them: the theme masks the
// explorer's credentials in its samples (`maskCredentials`, its default); with the switch on, it shows
// them, and the explorer's bearer field holds the signed-in user's access token, so the
// samples and what Copy copies carry it. The theme's own component is rendered unchanged otherwise.
import React, { type ComponentProps, type ReactNode } from 'react';
import CodeSnippets from '@theme-original/ApiExplorer/CodeSnippets';
import { UseMyTokenSwitch, useUseMyToken } from '@site/src/components/UseMyToken';

export default function CodeSnippetsWrapper(props: ComponentProps<typeof CodeSnippets>): ReactNode {
  const [on] = useUseMyToken();
  return (
    <>
      <UseMyTokenSwitch />
      <CodeSnippets {...props} maskCredentials={!on} />
    </>
  );
}
