// Thin wrap: the theme renders ParamsDetails in the browser only; here it renders in a transition, in slices, instead
// of in one long task after hydration, and its code (the theme's schema tree) and its texts' HTML
// (plugins/api-sections/theme/Markdown) load after the page is interactive instead of before it hydrates. Until then a placeholder of
// about its height holds its place, so the page does not jump (see renderInSlices and SchemaPlaceholder).
import React, { lazy } from 'react';
import { renderInSlices } from '../../client/renderInSlices';
import SchemaPlaceholder from '../../client/SchemaPlaceholder';
import { parametersHeight, type ParameterLike } from '../../client/schemaHeight';
import { withMarkdownHtml } from '../Markdown';

const ParamsDetails = lazy(withMarkdownHtml(() => import('@theme-init/ParamsDetails')));

export default renderInSlices(ParamsDetails, (props: { parameters?: ParameterLike[] }) => (
  <SchemaPlaceholder heightPx={parametersHeight(props.parameters)} />
));
