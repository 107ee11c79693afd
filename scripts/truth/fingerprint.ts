/**
 * npx tsx scripts/truth/fingerprint.ts <name> <git dir> <commit> <page route prefix> <path>…
 * Writes scripts/truth/fingerprints/<name>.json: the hashes of every eight-word run of the
 * given files of a repository at a commit (read with git show), for the copy check.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {FINGERPRINT_DIR, shingles, type Fingerprints} from './copyCheck';

const [name, gitDir, commit, pages, ...pathspecs] = process.argv.slice(2);
if (!name || !gitDir || !commit || !pages || pathspecs.length === 0) {
  console.error('usage: fingerprint.ts <name> <git dir> <commit> <page route prefix[,prefix]> <path>…');
  process.exit(1);
}
const git = (...args: string[]) => execFileSync('git', ['-C', gitDir, ...args], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
const full = git('rev-parse', commit).trim();
const files = git('ls-tree', '-r', '--name-only', full, '--', ...pathspecs).split('\n').filter((file) => /\.mdx?$/.test(file));
const hashes = new Set<string>();
for (const file of files) for (const {hash} of shingles(git('show', `${full}:${file}`))) hashes.add(hash);
const remote = (() => {
  try {
    return git('config', '--get', 'remote.origin.url').trim();
  } catch {
    // Mirrors made by the fetch tool are named owner+repo.
    return path.basename(path.dirname(path.resolve(gitDir))).replace('+', '/');
  }
})();
const fingerprints: Fingerprints = {
  source: {repository: remote.replace(/^https:\/\/github\.com\//, '').replace(/\.git$/, '') || 'Unleash/unleash', commit: full, paths: files},
  pages: pages.split(','),
  shingles: [...hashes].sort(),
};
fs.mkdirSync(FINGERPRINT_DIR, {recursive: true});
fs.writeFileSync(path.join(FINGERPRINT_DIR, `${name}.json`), `${JSON.stringify(fingerprints, null, 1)}\n`);
console.log(`${files.length} files, ${hashes.size} runs of eight words → ${path.join('scripts/truth/fingerprints', `${name}.json`)}`);
