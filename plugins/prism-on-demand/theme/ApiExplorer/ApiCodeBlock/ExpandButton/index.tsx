// Thin wrap: highlights with Prism, so registers the site's additional Prism languages first (theme-classic
// would do that on every page; see plugins/prism-on-demand/client/prismLanguages.tsx).
import Original from '@theme-init/ApiExplorer/ApiCodeBlock/ExpandButton';
import { includePrismLanguages } from '../../../../client/prismLanguages';

includePrismLanguages();

export default Original;
