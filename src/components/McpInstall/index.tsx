import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import CodeBlock from '@theme/CodeBlock';
import {
  claudeCodeCommand,
  cursorInstallLink,
  mcpJson,
  PORTAL_ORIGIN_PLACEHOLDER,
  vscodeInstallLink,
  type McpServerSettings,
} from '@site/rules/mcpInstall';
import type { PortalCustomFields } from '@site/src/components/AuthProvider/customFields';
import { UseMyTokenSwitch, WithSampleCredentials } from '@site/src/components/UseMyToken';
import styles from './styles.module.css';

/** Props of {@link McpInstall}. */
export interface McpInstallProps {
  /** The name clients list the server under, e.g. `regdata`. */
  name: string;
}

/**
 * "Add to Cursor" and "Add to VS Code" install links, Claude Code's command and an `mcp.json` for the
 * portal's MCP server at this portal's own origin (rules/mcpInstall.ts writes them all). Written in MDX
 * as `<McpInstall name="regdata" />`; the page's Markdown copy gets the same (plugins/markdown-export).
 *
 * Where the portal signs AI tools in by OAuth (`customFields.mcpSignIn`), they name the server's URL alone,
 * and the token way follows, folded, for clients without that sign-in. Elsewhere only the token way: with
 * "Use my token" on, the reader's access token; off (the default, and always in the HTML, which is rendered
 * without a session or an origin), a placeholder, and a line says how to get a token. The links get their
 * address once the page runs in the browser: before, they are not links (no `href`), so nothing installs the
 * placeholder origin.
 */
export default function McpInstall({ name }: McpInstallProps): ReactNode {
  const isBrowser = useIsBrowser();
  const { siteConfig } = useDocusaurusContext();
  const signIn = (siteConfig.customFields as Partial<PortalCustomFields> | undefined)?.mcpSignIn === true;
  const origin = isBrowser ? window.location.origin : PORTAL_ORIGIN_PLACEHOLDER;
  const tokenWay = (
    <>
      <UseMyTokenSwitch />
      <WithSampleCredentials>
        {(credentials) => (
          <Install settings={{ name, origin, access: { token: credentials?.token ?? null } }} linksReady={isBrowser} />
        )}
      </WithSampleCredentials>
    </>
  );
  if (!signIn) return <div className={styles.install}>{tokenWay}</div>;
  return (
    <div className={styles.install}>
      <div data-mcp-way="sign-in">
        <Install settings={{ name, origin, access: 'sign-in' }} linksReady={isBrowser} />
      </div>
      <details className={styles.tokenWay} data-mcp-way="token">
        <summary>With an access token instead (clients without sign-in)</summary>
        {tokenWay}
      </details>
    </div>
  );
}

function Install({ settings, linksReady }: { settings: McpServerSettings; linksReady: boolean }): ReactNode {
  const link = (href: string) => (linksReady ? { href } : { 'aria-disabled': true });
  const { access } = settings;
  return (
    <>
      {access !== 'sign-in' && access.token === null && (
        <p className={styles.note}>
          The links and the file below hold <code>&lt;access token&gt;</code> where your access token goes, and the
          command reads <code>$TOKEN</code>: turn on <strong>Use my token</strong> to fill in yours, or get one as a
          script does (<Link to="/docs/api/tokens">Tokens for scripts</Link>) and put it there.
        </p>
      )}
      <p className={styles.links}>
        <a className="button button--primary" {...link(cursorInstallLink(settings))}>
          Add to Cursor
        </a>
        <a className="button button--secondary" {...link(vscodeInstallLink(settings))}>
          Add to VS Code
        </a>
      </p>
      <CodeBlock language="bash" title="Claude Code">
        {claudeCodeCommand(settings)}
      </CodeBlock>
      <CodeBlock language="json" title="mcp.json">
        {mcpJson(settings)}
      </CodeBlock>
    </>
  );
}
