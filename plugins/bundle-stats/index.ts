/**
 * Writes which modules went into which script of the client build, so `npm run bench:weigh`
 * can list every module of a script with its size (scripts/bench/modules.ts). The file goes
 * next to Docusaurus's generated files, not into build/, so it is never served.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export const BUNDLE_STATS_FILE = 'bundle-stats.json';

/** What bench:weigh needs: per script file its chunk, per module id its readable name. */
export interface BundleStats {
  /** Script file (relative to build/) → the chunk ids it holds. */
  files: Record<string, string[]>;
  /** Module id → readable name (`./node_modules/react-dom/…`; concatenated modules name their parts). */
  modules: Record<string, {name: string; size: number; parts?: Array<{name: string; size: number}>}>;
}

interface StatsModule {
  id?: string | number | null;
  name?: string;
  identifier?: string;
  size?: number;
  modules?: StatsModule[];
}

interface StatsJson {
  chunks?: Array<{id?: string | number | null; files?: string[]}>;
  modules?: StatsModule[];
}

export function summariseStats(json: StatsJson): BundleStats {
  const files: BundleStats['files'] = {};
  for (const chunk of json.chunks ?? []) {
    for (const file of chunk.files ?? []) {
      if (!file.endsWith('.js')) continue;
      (files[file] ??= []).push(String(chunk.id));
    }
  }
  const modules: BundleStats['modules'] = {};
  for (const module of json.modules ?? []) {
    if (module.id === null || module.id === undefined) continue;
    const parts = (module.modules ?? []).map((part) => ({name: part.name ?? part.identifier ?? '?', size: part.size ?? 0}));
    modules[String(module.id)] = {name: module.name ?? '?', size: module.size ?? 0, ...(parts.length > 0 ? {parts} : {})};
  }
  return {files, modules};
}

export default function bundleStatsPlugin(context: LoadContext): Plugin {
  const target = path.join(context.generatedFilesDir, BUNDLE_STATS_FILE);
  return {
    name: 'bundle-stats',
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      return {
        plugins: [
          {
            apply(compiler: {hooks: {done: {tap(name: string, fn: (stats: {toJson(options: object): StatsJson}) => void): void}}}) {
              compiler.hooks.done.tap('bundle-stats', (stats) => {
                const json = stats.toJson({
                  all: false,
                  chunks: true,
                  modules: true,
                  nestedModules: true,
                  ids: true,
                  // Every module and every part of a concatenated one, ungrouped.
                  modulesSpace: 1_000_000,
                  nestedModulesSpace: 1_000_000,
                  // Parts of concatenated modules are "orphans" to the stats: shown only with this.
                  orphanModules: true,
                  groupModulesByType: false,
                  groupModulesByPath: false,
                  groupModulesByExtension: false,
                  groupModulesByCacheStatus: false,
                  groupModulesByAttributes: false,
                  groupModulesByLayer: false,
                });
                fs.mkdirSync(path.dirname(target), {recursive: true});
                fs.writeFileSync(target, JSON.stringify(summariseStats(json)));
              });
            },
          },
        ],
      };
    },
  };
}
