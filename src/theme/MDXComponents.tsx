// Makes every Markdown table keyboard-scrollable when it overflows, next to the theme's own MDX components.
// The docs' own components (<ApiSample>, <ScriptSettings />, <ContinuesFrom />, <ProviderContact>) are
// imported by the pages that use them, so their code loads with those pages, not with every page.
import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

export default {
  ...MDXComponents,
  table: ScrollableTable,
};
