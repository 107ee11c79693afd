/**
 * The responses of an API operation. Every operation page imports this component, and only
 * those pages do, so the API theme's stylesheet is imported here: it is linked by operation
 * pages alone instead of being part of the stylesheet every page waits for
 * (plugins/api-pages).
 */
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
import StatusCodes from '@theme-original/StatusCodes';

export default StatusCodes;
