// Thin wrap: highlights with Prism, so registers the site's additional Prism languages first (theme-classic
// would do that on every page; see src/lib/prismLanguages.tsx).
import Original from '@theme-original/ApiExplorer/ApiCodeBlock/Content/String';
import { includePrismLanguages } from '@site/src/lib/prismLanguages';

includePrismLanguages();

export default Original;
