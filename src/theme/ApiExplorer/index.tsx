// Loads the theme's explorer (code samples, request builder, "Send API request") when the reader
// reaches for it, instead of in the operation page's chunk: the page paints and becomes interactive
// first, sidebar prefetch skips it, and a reader who only reads never downloads it. The theme mounts
// this column when hydration ends, in one synchronous render with the rest of the page; the preview
// (three highlighted samples) renders in a deferred, interruptible render instead (React
// `useDeferredValue`), behind the theme's own skeleton.
import React, { lazy, useDeferredValue, type ReactNode } from 'react';
import type { Props } from '@theme-original/ApiExplorer';
import SkeletonLoader from '@theme/SkeletonLoader';
import OnDemand from '@site/src/components/OnDemand';
import ExplorerPreview from './Preview';
import { OperationContext } from './operation';

const ApiExplorer = lazy(() => import(/* webpackChunkName: "api-explorer" */ '@theme-original/ApiExplorer'));

export default function ApiExplorerOnDemand(props: Props): ReactNode {
  // false in the render that mounts the column, true in a background render React schedules after it.
  const deferred = useDeferredValue(true, false);
  if (!deferred) return <SkeletonLoader size="lg" />;
  return (
    <OperationContext.Provider value={props.item.operationId}>
      <OnDemand component={ApiExplorer} props={props} placeholder={<ExplorerPreview operation={props.item} />} />
    </OperationContext.Provider>
  );
}
