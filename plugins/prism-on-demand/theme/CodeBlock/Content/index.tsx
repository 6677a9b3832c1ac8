// Thin wrap: the theme's code block content highlights with Prism; Prism and the site's additional
// languages are evaluated when the first code block renders, not with the route's code
// (plugins/prism-on-demand/client/prismLanguages.tsx).
import type { ComponentType } from 'react';
import { withPrism } from '../../../client/prismLanguages';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first render (withPrism)
export default withPrism(() => require('@theme-init/CodeBlock/Content') as { default: ComponentType<object> });
