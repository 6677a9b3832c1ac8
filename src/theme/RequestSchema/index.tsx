// Thin wrap: the theme renders RequestSchema in the browser only; it now renders in a transition, in slices,
// instead of in one long task after hydration (issue #9, see renderInSlices).
import React from 'react';
import RequestSchema from '@theme-original/RequestSchema';
import SkeletonLoader from '@theme/SkeletonLoader';
import { renderInSlices } from '@site/src/components/RenderInSlices';

export default renderInSlices(RequestSchema, <SkeletonLoader size="sm" />);
