import type { ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import { readAuthSettings, type PortalCustomFields } from '@site/src/components/AuthProvider/customFields';
import { scriptSettingsOf, settingsLines } from '@site/rules/scriptSettings';

/**
 * The terminal lines that set what the samples read for this portal: its API base URL, its
 * user pool's endpoint and app client for scripts, and, when the portal runs locally, its demo account.
 * Written in MDX as `<ScriptSettings />` (rules/scriptSettings.ts writes the lines); the guides' tests run the
 * same lines (scripts/docs-check/guides.ts).
 */
export default function ScriptSettings(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const fields = siteConfig.customFields as unknown as PortalCustomFields;
  const auth = readAuthSettings(siteConfig.customFields);
  if (!auth) return null;
  return (
    <CodeBlock language="bash" title="Set up your terminal">
      {settingsLines(scriptSettingsOf(auth, fields.apiBase, fields.localAccount))}
    </CodeBlock>
  );
}
