// Thin wrap: the theme renders ParamsDetails in the browser only; it now renders in a transition, in slices,
// instead of in one long task after hydration, and its code (the theme's schema tree and Markdown renderer) loads after
// the page is interactive instead of before it hydrates (issue #9, see renderInSlices).
import React, { lazy } from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';
import { renderInSlices } from '@site/src/components/RenderInSlices';
import { withMarkdownRenderer } from '@site/src/theme/Markdown';

const ParamsDetails = lazy(withMarkdownRenderer(() => import('@theme-original/ParamsDetails')));

export default renderInSlices(ParamsDetails, <SkeletonLoader size="sm" />);
