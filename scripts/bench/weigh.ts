/**
 * npm run bench:weigh [-- /path ...]: page weight on first load of the given pages (default:
 * the benchmark's four) against the existing build/, with every script listed by size: the
 * quick look to take while cutting bytes, without the builds and Lighthouse runs of
 * `npm run bench`. Writes nothing.
 */
import path from 'node:path';
import {startStaticServer} from '../../tests/support/staticServer';
import {measurePageWeights} from './pageWeight';
import {PAGES} from './site';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const pages = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const server = await startStaticServer(path.resolve(__dirname, '../../build'), {gzip: true});
  try {
    for (const weight of await measurePageWeights(server.url, pages.length > 0 ? pages : [...PAGES])) {
      console.log(`\n${weight.path}: hydrated ${Math.round(weight.hydratedMs)} ms`);
      for (const [kind, total] of Object.entries(weight.totals)) {
        if (total.count > 0) console.log(`  ${kind.padEnd(8)} ${kb(total.gzip).padStart(10)} gzip ${kb(total.raw).padStart(10)} raw in ${total.count}`);
      }
      const scripts = weight.resources.filter((resource) => resource.kind === 'js').sort((a, b) => b.gzip - a.gzip);
      for (const script of scripts) console.log(`    ${kb(script.gzip).padStart(10)} gzip ${kb(script.raw).padStart(10)} raw  ${new URL(script.url).pathname}`);
    }
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
