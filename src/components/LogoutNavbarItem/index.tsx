import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { useAuthenticator } from '@aws-amplify/ui-react';

/** Props Docusaurus passes to a custom navbar item (theme-classic `NavbarItem`). */
export interface LogoutNavbarItemProps {
  /** `true` inside the mobile sidebar menu (below 996 px, spec §2.2). */
  mobile?: boolean;
  className?: string;
}

/**
 * The Logout navbar item (spec §2.2, §4): signs the user out through the Authenticator, which clears
 * the tokens and returns every page to the sign-in form. Registered as navbar item type
 * `custom-logout` in src/theme/NavbarItem/ComponentTypes.tsx.
 */
export default function LogoutNavbarItem({ mobile = false, className }: LogoutNavbarItemProps): ReactNode {
  const { signOut } = useAuthenticator((context) => [context.authStatus]);
  const button = (
    <button
      type="button"
      onClick={signOut}
      className={clsx(mobile ? 'menu__link' : 'navbar__item navbar__link', 'clean-btn', className)}
    >
      Logout
    </button>
  );
  return mobile ? <li className="menu__list-item">{button}</li> : button;
}
