import type { ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import { readAuthSettings, type PortalCustomFields } from '@site/src/components/AuthProvider/customFields';
import ProviderContact from '@site/src/components/ProviderContact';
import { scriptSettingsOf, settingsLines } from '@site/rules/scriptSettings';

/**
 * The terminal lines that set what the samples read for this portal: its API base URL, its
 * user pool's endpoint and app client for scripts, and, when the portal runs locally, its demo account.
 * Written in MDX as `<ScriptSettings />` (rules/scriptSettings.ts writes the lines); the guides' tests run the
 * same lines (scripts/docs-check/guides.ts). When the portal names no app client for scripts
 * (COGNITO_SCRIPTS_CLIENT_ID, the build warns), a line under them says whom to ask, since sign-in fails
 * without one.
 */
export default function ScriptSettings(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const fields = siteConfig.customFields as unknown as PortalCustomFields;
  const auth = readAuthSettings(siteConfig.customFields);
  if (!auth) return null;
  const settings = scriptSettingsOf(auth, fields.apiBase, fields.localAccount);
  return (
    <>
      <CodeBlock language="bash" title="Set up your terminal">
        {settingsLines(settings)}
      </CodeBlock>
      {settings.clientId === null && (
        <p>
          This portal does not say which app client scripts sign in with, so the sign-in below fails until you set{' '}
          <code>CLIENT_ID</code>: <ProviderContact>ask the provider</ProviderContact> for the app client id for scripts.
        </p>
      )}
    </>
  );
}
