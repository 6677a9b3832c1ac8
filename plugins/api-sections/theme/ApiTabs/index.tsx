// Thin wrap: the theme's ApiTabs (the response status codes of an operation: 200, 400, 401, …) render only the
// selected status code's panel, and another when it is chosen, instead of every response's schema tree and examples
// at once, hidden. The theme's tabs take `lazy` for this (lib/theme/ApiTabs TabContent, like Docusaurus' own
// Tabs `lazy`); nothing else uses ApiTabs (lib/theme/StatusCodes is its one caller), so no state is lost when a panel
// unmounts. A hidden panel is neither read by screen readers nor found by the browser's find-in-page, so readers lose
// nothing, and the operation page commits far less DOM.
import React, { type ReactNode } from 'react';
import ApiTabs, { type Props } from '@theme-init/ApiTabs';

export default function ApiTabsWrapper(props: Props): ReactNode {
  return <ApiTabs lazy {...props} />;
}
