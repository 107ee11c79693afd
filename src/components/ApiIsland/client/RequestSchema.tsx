// The operation page's <RequestSchema> in the browser (plugins/api-pages): an island that loads the theme's when acted on.
import {clientIsland} from '../client';

export default clientIsland('RequestSchema', () => import(/* webpackChunkName: "api-operation" */ '@theme/RequestSchema'));
