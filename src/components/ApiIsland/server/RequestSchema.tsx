// The operation page's <RequestSchema> on the server (plugins/api-pages): the theme's, inside an island.
import RequestSchema from '@theme/RequestSchema';
import {serverIsland} from '../server';

export default serverIsland('RequestSchema', RequestSchema);
