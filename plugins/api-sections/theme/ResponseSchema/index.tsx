// Thin wrap: the theme renders ResponseSchema in the browser only; here it renders in a transition, in slices,
// instead of in one long task after hydration, and its code (the theme's schema tree) and its texts' HTML
// (plugins/api-sections/theme/Markdown) load after the page is interactive instead of before it hydrates (see renderInSlices).
import React, { lazy } from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';
import { renderInSlices } from '../../client/renderInSlices';
import { withMarkdownHtml } from '../Markdown';
import { withLazySchemaTabs } from '../SchemaTabs';

// Its "Schema" | "Example" tabs render the chosen panel alone (./theme/SchemaTabs).
const ResponseSchema = withLazySchemaTabs(lazy(withMarkdownHtml(() => import('@theme-init/ResponseSchema'))));

export default renderInSlices(ResponseSchema, <SkeletonLoader size="md" />);
