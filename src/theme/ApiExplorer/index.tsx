// Loads the theme's explorer (code samples, request builder, "Send API request") when the reader
// reaches for it, instead of in the operation page's chunk: the page paints and becomes interactive
// first, sidebar prefetch skips it, and a reader who only reads never downloads it. The theme mounts
// this column when hydration ends, in one synchronous render with the rest of the page; the preview
// (three highlighted samples) renders in a transition instead (renderInSlices), behind the theme's own
// skeleton.
import React, { lazy, type ReactNode } from 'react';
import type { Props } from '@theme-original/ApiExplorer';
import SkeletonLoader from '@theme/SkeletonLoader';
import OnDemand from '@site/src/components/OnDemand';
import { renderInSlices } from '@site/src/components/RenderInSlices';
import ExplorerPreview from './Preview';

const ApiExplorer = lazy(() => import(/* webpackChunkName: "api-explorer" */ '@theme-original/ApiExplorer'));

function ApiExplorerOnDemand(props: Props): ReactNode {
  return (
    <OnDemand
      component={ApiExplorer}
      props={props}
      placeholder={<ExplorerPreview method={props.item.method} path={props.item.path} />}
    />
  );
}

export default renderInSlices(ApiExplorerOnDemand, <SkeletonLoader size="lg" />);
