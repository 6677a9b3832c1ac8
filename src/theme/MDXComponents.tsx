// Makes <ApiSample>, <ScriptSettings />, <ContinuesFrom /> and <ProviderContact> available in every MDX doc,
// and makes every Markdown table keyboard-scrollable when it overflows, next to the theme's own MDX components.
import MDXComponents from '@theme-original/MDXComponents';
import ApiSample from '@site/src/components/ApiSample';
import ScrollableTable from '@site/src/components/ScrollableTable';
import ScriptSettings from '@site/src/components/ScriptSettings';
import ContinuesFrom from '@site/src/components/ContinuesFrom';
import ProviderContact from '@site/src/components/ProviderContact';

export default {
  ...MDXComponents,
  ApiSample,
  ScriptSettings,
  ContinuesFrom,
  ProviderContact,
  table: ScrollableTable,
};
