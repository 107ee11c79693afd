// The operation page's <ParamsDetails> in the browser (plugins/api-pages): an island that loads the theme's when acted on.
import {clientIsland} from '../client';

export default clientIsland('ParamsDetails', () => import(/* webpackChunkName: "api-operation" */ '@theme/ParamsDetails'));
