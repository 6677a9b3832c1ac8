import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { loadSession } from '@site/src/components/AuthProvider/loadSession';
import { dropPendingPrefetches } from '@site/src/clientModules/idlePrefetch';

/** Props Docusaurus passes to a custom navbar item (theme-classic `NavbarItem`). */
export interface LogoutNavbarItemProps {
  /** `true` inside the mobile sidebar menu (below 996 px, spec §2.2). */
  mobile?: boolean;
  className?: string;
}

/**
 * The Logout navbar item (spec §2.2, §4): signs the user out with Amplify (`signOut`, local), which
 * clears the tokens and emits the Hub `signedOut` event that returns every page to the sign-in form.
 * Sign-out errors are swallowed (spec §8.2: tokens are removed anyway). Registered as navbar item
 * type `custom-logout` in src/theme/NavbarItem/ComponentTypes.tsx.
 */
export default function LogoutNavbarItem({ mobile = false, className }: LogoutNavbarItemProps): ReactNode {
  const button = (
    <button
      type="button"
      onClick={() => {
        // Before the tokens go: prefetches still under way would be refused (401) after.
        dropPendingPrefetches();
        void loadSession().then((session) => session.signOutLocally());
      }}
      className={clsx(mobile ? 'menu__link' : 'navbar__item navbar__link', 'clean-btn', className)}
    >
      Logout
    </button>
  );
  return mobile ? <li className="menu__list-item">{button}</li> : button;
}
