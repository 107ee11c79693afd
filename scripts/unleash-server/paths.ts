import path from 'node:path';
import {repoRoot} from '../content/pages';

/** The OpenAPI description the pinned unleash-server serves, saved by `npm run api:real`. */
export const SERVED_OPENAPI = path.join(repoRoot, 'openapi/server/openapi.json');
