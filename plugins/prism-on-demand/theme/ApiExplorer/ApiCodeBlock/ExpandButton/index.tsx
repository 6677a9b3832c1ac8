// Thin wrap: highlights with Prism, so has Prism run the grammars registered so far first, and those registered
// later at once (plugins/prism-on-demand/client/prismLanguages.tsx).
import Original from '@theme-init/ApiExplorer/ApiCodeBlock/ExpandButton';
import { includePrismLanguages } from '../../../../client/prismLanguages';

includePrismLanguages();

export default Original;
