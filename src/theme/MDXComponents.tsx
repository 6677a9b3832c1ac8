// Makes <ApiSample> available in every MDX doc without an import (issue #5), and makes every Markdown
// table keyboard-scrollable when it overflows (issue #26), next to the theme's own MDX components.
import MDXComponents from '@theme-original/MDXComponents';
import ApiSample from '@site/src/components/ApiSample';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {
  ...MDXComponents,
  ApiSample,
  table: ScrollableTable,
};
