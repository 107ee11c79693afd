// The operation page's <StatusCodes> in the browser (plugins/api-pages): an island that loads the theme's when acted on.
import {clientIsland} from '../client';

export default clientIsland('StatusCodes', () => import(/* webpackChunkName: "api-operation" */ '@theme/StatusCodes'));
