import path from 'node:path';

/** The repository root; configuration paths are absolute so fixture sites can reuse them. */
export const repoRoot = path.resolve(__dirname, '..');
