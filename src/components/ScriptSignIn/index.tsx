import type { ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import CodeBlock from '@theme/CodeBlock';
import { readAuthSettings } from '@site/src/components/AuthProvider/customFields';
import { exportLines, scriptSignInSettings } from './settings';

/**
 * The `export COGNITO_ENDPOINT=… CLIENT_ID=…` lines for this portal's user pool (docs/api/tokens.mdx),
 * from the auth settings the build passes to the browser. `children` is the fallback text the
 * Markdown export keeps (plugins/markdown-export shows a component's children) and the page shows when
 * the settings are missing.
 */
export default function ScriptSignIn({ children }: { children?: ReactNode }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const auth = readAuthSettings(siteConfig.customFields);
  if (!auth) return <>{children}</>;
  return <CodeBlock language="bash">{exportLines(scriptSignInSettings(auth))}</CodeBlock>;
}
