/**
 * npm run bench:weigh [-- /path ...]: page weight on first load of the given pages (default:
 * the benchmark's pages) against the existing build/, with every script listed by size: the
 * quick look to take while cutting bytes, without the builds and Lighthouse runs of
 * `npm run bench`. Then every module of main.js (the script every page runs first) with its
 * size, and the same summed by package (`--all-modules` lists the modules of every script the
 * pages ran). With `--profile`, instead: where each page's main-thread blocking time comes from,
 * module by module (profile.ts; tasks scaled ×4 as Lighthouse's mobile simulation). Writes
 * nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import {byGroup, modulesOf, readBundleStats} from './modules';
import {CPU_SLOWDOWN, profilePages, type PageProfile} from './profile';
import {startStaticServer} from '../../tests/support/staticServer';
import {measurePageWeights} from './pageWeight';
import {PAGES} from './site';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const root = path.resolve(__dirname, '../..');
const buildDir = path.join(root, 'build');

function listModules(file: string): void {
  const stats = readBundleStats(root);
  const source = fs.readFileSync(path.join(buildDir, file), 'utf8');
  const modules = modulesOf(source, stats);
  const total = modules.reduce((sum, module) => sum + module.gzip, 0);
  console.log(`\n${file}: ${modules.length} modules, ${kb(Buffer.byteLength(source))} raw; modules gzipped one by one sum to ${kb(total)}${stats ? '' : ' (no .docusaurus/bundle-stats.json: names unknown, build first)'}`);
  console.log('  by package:');
  for (const group of byGroup(modules)) console.log(`    ${kb(group.gzip).padStart(10)} gzip ${kb(group.raw).padStart(10)} raw  ${String(group.count).padStart(4)} modules  ${group.group}`);
  console.log('  every module:');
  for (const module of modules) {
    console.log(`    ${kb(module.gzip).padStart(10)} gzip ${kb(module.raw).padStart(10)} raw  ${module.name}`);
    for (const part of module.parts ?? []) console.log(`      ${kb(part.gzip).padStart(10)} gzip ${kb(part.raw).padStart(10)} raw    ${part.name}`);
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

function printProfile(profile: PageProfile): void {
  console.log(`\n${profile.path}: blocking ${ms(profile.blockingMs)} (tasks ×${CPU_SLOWDOWN}, CPU time); ${profile.longTasks.length} long tasks`);
  for (const task of profile.longTasks) console.log(`    ${ms(task.durationMs).padStart(9)} at ${ms(task.startMs).padStart(8)}: ${task.top.join(', ')}`);
  const groups = new Map<string, {blocking: number; busy: number}>();
  for (const share of profile.shares) {
    const entry = groups.get(share.group) ?? {blocking: 0, busy: 0};
    entry.blocking += share.blockingMs;
    entry.busy += share.busyMs;
    groups.set(share.group, entry);
  }
  console.log('  by package or activity (blocking / all main-thread time):');
  for (const [group, {blocking, busy}] of [...groups.entries()].sort((a, b) => b[1].blocking - a[1].blocking || b[1].busy - a[1].busy).slice(0, 20)) {
    console.log(`    ${ms(blocking).padStart(9)} ${ms(busy).padStart(9)}  ${group}`);
  }
  console.log('  by module (blocking / all):');
  for (const share of profile.shares.filter((entry) => entry.blockingMs >= 1 || entry.busyMs >= 20).slice(0, 30)) {
    console.log(`    ${ms(share.blockingMs).padStart(9)} ${ms(share.busyMs).padStart(9)}  ${share.what}`);
  }
}

async function main(): Promise<void> {
  const pages = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  if (process.argv.includes('--profile')) {
    const server = await startStaticServer(buildDir, {gzip: true});
    try {
      for (const profile of await profilePages(server.url, pages.length > 0 ? pages : [...PAGES], buildDir, root)) printProfile(profile);
    } finally {
      await server.close();
    }
    return;
  }
  const allModules = process.argv.includes('--all-modules');
  const server = await startStaticServer(buildDir, {gzip: true});
  const ran = new Set<string>();
  try {
    for (const weight of await measurePageWeights(server.url, pages.length > 0 ? pages : [...PAGES])) {
      console.log(`\n${weight.path}: hydrated ${Math.round(weight.hydratedMs)} ms`);
      for (const [kind, total] of Object.entries(weight.totals)) {
        if (total.count > 0) console.log(`  ${kind.padEnd(8)} ${kb(total.gzip).padStart(10)} gzip ${kb(total.raw).padStart(10)} raw in ${total.count}`);
      }
      const scripts = weight.resources.filter((resource) => resource.kind === 'js').sort((a, b) => b.gzip - a.gzip);
      for (const script of scripts) {
        const pathname = new URL(script.url).pathname;
        ran.add(pathname.slice(1));
        console.log(`    ${kb(script.gzip).padStart(10)} gzip ${kb(script.raw).padStart(10)} raw  ${pathname}`);
      }
    }
  } finally {
    await server.close();
  }
  const files = [...ran].filter((file) => allModules || /(^|\/)main\.[0-9a-f]+\.js$/.test(file)).sort();
  for (const file of files) listModules(file);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
