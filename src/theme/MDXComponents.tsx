// Makes <ApiSample> available in every MDX doc without an import (issue #5), next to the theme's own
// MDX components.
import MDXComponents from '@theme-original/MDXComponents';
import ApiSample from '@site/src/components/ApiSample';

export default {
  ...MDXComponents,
  ApiSample,
};
