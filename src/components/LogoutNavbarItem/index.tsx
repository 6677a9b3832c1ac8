import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { loadSession } from '@site/src/components/AuthProvider/loadSession';
import { signedOut } from '@site/rules/signOut';

/** Props Docusaurus passes to a custom navbar item (theme-classic `NavbarItem`). */
export interface LogoutNavbarItemProps {
  /** `true` inside the mobile sidebar menu (below 996 px, spec §2.2). */
  mobile?: boolean;
  className?: string;
}

/**
 * The Logout navbar item (spec §2.2, §4): announces the sign-out (rules/signOut.ts), then signs the user
 * out with Amplify (`signOut`, local), which clears the tokens and emits the Hub `signedOut` event that
 * returns every page to the sign-in form.
 * Sign-out errors are swallowed (spec §8.2: tokens are removed anyway). Registered as navbar item
 * type `custom-logout` in src/theme/NavbarItem/ComponentTypes.tsx.
 */
export default function LogoutNavbarItem({ mobile = false, className }: LogoutNavbarItemProps): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const button = (
    <button
      type="button"
      onClick={() => {
        // Announced before the tokens go: prefetches still under way would be refused (401) after.
        signedOut({ customFields: siteConfig.customFields ?? {} });
        void loadSession().then((session) => session.signOutLocally());
      }}
      className={clsx(mobile ? 'menu__link' : 'navbar__item navbar__link', 'clean-btn', className)}
    >
      Logout
    </button>
  );
  return mobile ? <li className="menu__list-item">{button}</li> : button;
}
