// The explorer's code samples with the "Use my token" switch above them: the theme masks the
// explorer's credentials in its samples (`maskCredentials`, its default); with the switch on, it shows
// them, and the explorer's bearer field holds the signed-in user's access token, so the
// samples and what Copy copies carry it. The theme's own component is rendered unchanged otherwise.
// A press of a sample's Copy button is recorded for the writers as the operation (rules/insights.ts).
import React, { useContext, type ComponentProps, type MouseEvent, type ReactNode } from 'react';
import CodeSnippets from '@theme-original/ApiExplorer/CodeSnippets';
import { UseMyTokenSwitch, useUseMyToken } from '@site/src/components/UseMyToken';
import { routeOf } from '@site/rules/insights';
import { record } from '@site/src/insights/client';
import { OperationContext } from '../operation';

/** Whether a click landed on a Copy button (the theme's code block names it "Copy code to clipboard"). */
function isCopyButton(target: EventTarget | null): boolean {
  const button = target instanceof Element ? target.closest('button') : null;
  const name = `${button?.getAttribute('aria-label') ?? ''} ${button?.getAttribute('title') ?? ''}`;
  return /\bcopy\b/i.test(name);
}

export default function CodeSnippetsWrapper(props: ComponentProps<typeof CodeSnippets>): ReactNode {
  const [on] = useUseMyToken();
  const operation = useContext(OperationContext);
  const onCopy = (event: MouseEvent) => {
    if (operation && isCopyButton(event.target))
      record({ type: 'copy', route: routeOf(window.location.pathname), operation });
  };
  return (
    // The clicks are the theme's buttons' (keyboard presses of a button are clicks too); this box only listens.
    <div onClickCapture={onCopy} style={{ display: 'contents' }}>
      <UseMyTokenSwitch />
      <CodeSnippets {...props} maskCredentials={!on} />
    </div>
  );
}
