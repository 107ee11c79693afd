// The operation page's <StatusCodes> on the server (plugins/api-pages): the theme's, inside an island.
import StatusCodes from '@theme/StatusCodes';
import {serverIsland} from '../server';

export default serverIsland('StatusCodes', StatusCodes);
