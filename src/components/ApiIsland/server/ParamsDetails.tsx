// The operation page's <ParamsDetails> on the server (plugins/api-pages): the theme's, inside an island.
import ParamsDetails from '@theme/ParamsDetails';
import {serverIsland} from '../server';

export default serverIsland('ParamsDetails', ParamsDetails);
