// Thin wrap: the theme's code block content highlights with Prism; Prism and the site's additional
// languages are evaluated when the first code block renders, not with the route's code
// (src/lib/prismLanguages.tsx).
import type { ComponentType } from 'react';
import { withPrism } from '@site/src/lib/prismLanguages';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- evaluated on first render (withPrism)
export default withPrism(() => require('@theme-original/CodeBlock/Content') as { default: ComponentType<object> });
