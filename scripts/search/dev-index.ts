/**
 * Before `npm run dev`: the development server serves static/, so copy the last production
 * build's search index there (ignored by git). Says clearly when there is none yet.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const built = path.join(root, 'build/search');
const target = path.join(root, 'static/search');

fs.rmSync(target, {recursive: true, force: true});
if (fs.existsSync(path.join(built, 'manifest.json'))) {
  fs.cpSync(built, target, {recursive: true});
  console.log('[search] the dev server answers searches from the last production build (build/search).');
} else {
  console.warn('[search] No search index yet: search in the dev server will say "Unable to fetch results". Run "npm run build" once to create it.');
}
