// Adds the `custom-logout` navbar item type (spec §2.2 "a Logout item that signs the user out")
// to the theme's own types; Docusaurus allows extra types with the `custom-` prefix.
import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import LogoutNavbarItem from '@site/src/components/LogoutNavbarItem';

export default {
  ...ComponentTypes,
  'custom-logout': LogoutNavbarItem,
};
