// Thin wrap: the theme renders ResponseSchema in the browser only; here it renders in a transition, in slices,
// instead of in one long task after hydration, and its code (the theme's schema tree) and its texts' HTML
// (src/theme/Markdown) load after the page is interactive instead of before it hydrates (see renderInSlices).
import React, { lazy } from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';
import { renderInSlices } from '@site/src/components/RenderInSlices';
import { withMarkdownHtml } from '@site/src/theme/Markdown';
import { withLazySchemaTabs } from '@site/src/theme/SchemaTabs';

// Its "Schema" | "Example" tabs render the chosen panel alone (src/theme/SchemaTabs).
const ResponseSchema = withLazySchemaTabs(lazy(withMarkdownHtml(() => import('@theme-original/ResponseSchema'))));

export default renderInSlices(ResponseSchema, <SkeletonLoader size="md" />);
