// Thin wrap: the theme renders ResponseSchema in the browser only; it now renders in a transition, in slices,
// instead of in one long task after hydration, and its code (the theme's schema tree and Markdown renderer) loads after
// the page is interactive instead of before it hydrates (issue #9, see renderInSlices).
import React, { lazy, type ReactNode } from 'react';
import SkeletonLoader from '@theme/SkeletonLoader';
import { renderInSlices } from '@site/src/components/RenderInSlices';
import { withMarkdownHtml } from '@site/src/theme/Markdown';
import { LazySchemaTabs } from '@site/src/theme/SchemaTabs';

const ResponseSchema = lazy(withMarkdownHtml(() => import('@theme-original/ResponseSchema')));

/** The theme's ResponseSchema, its "Schema" | "Example" tabs rendering the chosen panel alone (src/theme/SchemaTabs). */
function DocumentedResponseSchema(props: Record<string, unknown>): ReactNode {
  return (
    <LazySchemaTabs.Provider value>
      <ResponseSchema {...props} />
    </LazySchemaTabs.Provider>
  );
}

export default renderInSlices(DocumentedResponseSchema, <SkeletonLoader size="md" />);
