// Thin wrap: the theme renders ParamsDetails in the browser only; it now renders in a transition, in slices,
// instead of in one long task after hydration (issue #9, see renderInSlices).
import React from 'react';
import ParamsDetails from '@theme-original/ParamsDetails';
import SkeletonLoader from '@theme/SkeletonLoader';
import { renderInSlices } from '@site/src/components/RenderInSlices';

export default renderInSlices(ParamsDetails, <SkeletonLoader size="sm" />);
