/**
 * The API theme's explorer, as operation pages generated without a request column (no
 * `apiRequest` export, see src/theme/ApiItem) still use it, with the grammars its samples need.
 */
import './prism';
import ApiExplorer from '@theme-original/ApiExplorer';

export default ApiExplorer;
