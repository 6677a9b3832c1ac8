import React, { useId, type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { SampleCredentials } from '@site/rules/apiSample';
import type { PortalCustomFields } from '@site/src/components/AuthProvider/customFields';
import { useApiToken } from '@site/src/components/ApiToken';
import { useUseMyToken } from './store';
import styles from './styles.module.css';

export { clearUseMyToken, useUseMyToken } from './store';

/**
 * The "Use my token" switch above code samples: off by default; on, the samples on the page
 * show the reader's API base URL and access token instead of `$API_BASE` and `$TOKEN`, and Copy copies
 * them. A native checkbox with the `switch` role (WAI-ARIA 1.2), so keyboard and screen readers get it as
 * they get any switch (WCAG 2.2 SC 4.1.2).
 */
export function UseMyTokenSwitch(): ReactNode {
  const [on, setOn] = useUseMyToken();
  const hint = useId();
  return (
    <div className={styles.switch}>
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(event) => setOn(event.target.checked)}
          aria-describedby={hint}
        />{' '}
        Use my token
      </label>
      <span id={hint} className={styles.hint}>
        {on
          ? 'The samples hold your access token: keep what you copy private.'
          : 'Fill the samples with your API base URL and access token.'}
      </span>
    </div>
  );
}

/**
 * Renders `children` with the reader's credentials while the switch is on and the token is known, with
 * `null` otherwise. The session (and with it Amplify) is read only once the switch is on, so a page of
 * samples loads nothing more for a reader who never turns it on.
 */
export function WithSampleCredentials({
  children,
}: {
  children: (credentials: SampleCredentials | null) => ReactNode;
}): ReactNode {
  const [on] = useUseMyToken();
  return on ? <Credentials>{children}</Credentials> : children(null);
}

function Credentials({ children }: { children: (credentials: SampleCredentials | null) => ReactNode }): ReactNode {
  const token = useApiToken();
  const { siteConfig } = useDocusaurusContext();
  const base = (siteConfig.customFields as unknown as PortalCustomFields).apiBase;
  return children(token ? { base, token } : null);
}
