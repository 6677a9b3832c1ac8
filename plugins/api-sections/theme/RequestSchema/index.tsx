// Thin wrap: the theme renders RequestSchema in the browser only; here it renders in a transition, in slices, instead
// of in one long task after hydration, and its code (the theme's schema tree) and its texts' HTML
// (plugins/api-sections/theme/Markdown) load after the page is interactive instead of before it hydrates. Until then a placeholder of
// about its height holds its place, so the page does not jump (see renderInSlices and SchemaPlaceholder).
import React, { lazy } from 'react';
import { renderInSlices } from '../../client/renderInSlices';
import SchemaPlaceholder from '../../client/SchemaPlaceholder';
import { requestBodyHeight, type BodyLike } from '../../client/schemaHeight';
import { withMarkdownHtml } from '../Markdown';
import { withLazySchemaTabs } from '../SchemaTabs';

// Its "Schema" | "Example" tabs render the chosen panel alone (./theme/SchemaTabs).
const RequestSchema = withLazySchemaTabs(lazy(withMarkdownHtml(() => import('@theme-init/RequestSchema'))));

export default renderInSlices(RequestSchema, (props: { body?: BodyLike }) => (
  <SchemaPlaceholder heightPx={requestBodyHeight(props.body)} />
));
