// Makes <ApiSample>, <ScriptSettings /> and <ContinuesFrom /> available in every MDX doc without an import,
// and makes every Markdown table keyboard-scrollable when it overflows, next to the theme's own MDX components.
import MDXComponents from '@theme-original/MDXComponents';
import ApiSample from '@site/src/components/ApiSample';
import ScrollableTable from '@site/src/components/ScrollableTable';
import ScriptSettings from '@site/src/components/ScriptSettings';
import ContinuesFrom from '@site/src/components/ContinuesFrom';

export default {
  ...MDXComponents,
  ApiSample,
  ScriptSettings,
  ContinuesFrom,
  table: ScrollableTable,
};
