/**
 * The code of one Unleash release, read in one of two places: the TypeScript sources of the
 * repository at a release tag (a local git mirror: `src/lib`, `src/migrations`), or the compiled
 * JavaScript of the published npm package (`dist/lib`, `dist/migrations`). The extractor
 * (extract.ts) reads both through this one shape, so the same rules apply to each.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface CodeTree {
  /** What was read: `Unleash/unleash@v8.1.0`, `unleash-server@8.2.0`. */
  label: string;
  /** `.ts` for the repository's sources, `.js` for a package's build. */
  extension: '.ts' | '.js';
  /** Every file under the server's lib folder, relative to it (`types/experimental.ts`). */
  libFiles(): string[];
  /** The lib files whose text contains `word` (for the repository, git grep answers this cheaply). */
  libFilesMentioning(word: string): string[];
  /** The texts of lib files, by their path relative to the lib folder. */
  readLib(files: readonly string[]): Map<string, string>;
  /** The file names (no folders) in the migrations folder. */
  migrationFiles(): string[];
}

const git = (gitDir: string, args: string[], input?: string): string =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], {encoding: 'utf8', maxBuffer: 1 << 30, input});

/** The repository at a tag, read from a bare mirror without checking anything out. */
export function gitTree(gitDir: string, tag: string, repository = 'Unleash/unleash'): CodeTree {
  const lib = 'src/lib/';
  let listing: string[] | undefined;
  const list = () => (listing ??= git(gitDir, ['ls-tree', '-r', '--name-only', tag, '--', 'src/lib', 'src/migrations']).split('\n').filter(Boolean));
  return {
    label: `${repository}@${tag}`,
    extension: '.ts',
    libFiles: () => list().filter((file) => file.startsWith(lib)).map((file) => file.slice(lib.length)),
    libFilesMentioning(word) {
      let output = '';
      try {
        output = git(gitDir, ['grep', '-l', '-F', '-e', word, tag, '--', 'src/lib']);
      } catch (error) {
        // git grep exits 1 when nothing matches.
        if ((error as {status?: number}).status === 1) return [];
        throw error;
      }
      return output
        .split('\n')
        .filter(Boolean)
        .map((line) => line.slice(`${tag}:${lib}`.length));
    },
    readLib(files) {
      if (files.length === 0) return new Map();
      // One `cat-file --batch` for all files: one process instead of one per file.
      const raw = execFileSync('git', [`--git-dir=${gitDir}`, 'cat-file', '--batch'], {input: files.map((file) => `${tag}:${lib}${file}`).join('\n') + '\n', maxBuffer: 1 << 30});
      const texts = new Map<string, string>();
      let offset = 0;
      for (const file of files) {
        const headerEnd = raw.indexOf(0x0a, offset);
        const header = raw.subarray(offset, headerEnd).toString('utf8');
        const match = /^\S+ blob (\d+)$/.exec(header);
        if (!match) throw new Error(`${tag}:${lib}${file}: git cat-file answered "${header}"`);
        const size = Number(match[1]);
        texts.set(file, raw.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'));
        offset = headerEnd + 1 + size + 1;
      }
      return texts;
    },
    migrationFiles: () => list().filter((file) => file.startsWith('src/migrations/') && !file.slice('src/migrations/'.length).includes('/')).map((file) => path.posix.basename(file)),
  };
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** An installed npm package of the server (`node_modules/unleash-server-7`). */
export function packageTree(packageDir: string): CodeTree {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {name: string; version: string};
  const libDir = path.join(packageDir, 'dist/lib');
  let files: string[] | undefined;
  const list = () => (files ??= walk(libDir));
  const read = (file: string) => fs.readFileSync(path.join(libDir, file), 'utf8');
  return {
    label: `${manifest.name}@${manifest.version}`,
    extension: '.js',
    libFiles: list,
    libFilesMentioning: (word) => list().filter((file) => file.endsWith('.js') && read(file).includes(word)),
    readLib: (wanted) => new Map(wanted.map((file) => [file, read(file)])),
    migrationFiles: () =>
      fs
        .readdirSync(path.join(packageDir, 'dist/migrations'), {withFileTypes: true})
        .filter((entry) => entry.isFile())
        .map((entry) => entry.name)
        .sort(),
  };
}

/** The version an installed server package declares. */
export function packageVersion(packageDir: string): string {
  return (JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {version: string}).version;
}
