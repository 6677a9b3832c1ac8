// Loads the theme's explorer (code samples, request builder, "Send API request") on demand instead of
// in the operation page's chunk, so the page paints first and sidebar prefetch skips it (issue #9).
import React, { lazy, type ReactNode } from 'react';
import type { Props } from '@theme-original/ApiExplorer';
import SkeletonLoader from '@theme/SkeletonLoader';
import OnDemand from '@site/src/components/OnDemand';

const ApiExplorer = lazy(() => import(/* webpackChunkName: "api-explorer" */ '@theme-original/ApiExplorer'));

export default function ApiExplorerWrapper(props: Props): ReactNode {
  return <OnDemand component={ApiExplorer} props={props} placeholder={<SkeletonLoader size="lg" />} />;
}
