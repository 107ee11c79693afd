/**
 * npm run api:generate: bundles openapi/ and generates the API reference pages from it
 * (never committed). The introduction page is served at /reference/api/unleash.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {processEnv} from '../../config/env';
import {API_OUTPUT_DIR} from '../../config/api';
import {BUNDLE_FILE, OPENAPI_DIR, bundle, writeBundle} from './bundle';
import {rewriteTagPages} from './tagPages';
import {prerenderDescriptions} from './prerender';
import {writeRequestColumns} from './requestColumn';
import {generatedPageOf, writeChangelog} from '../api-versions/changelogPage';
import {apiReferenceVersions} from '../../config/apiVersions';
import {finishOlderReference, writeOlderBundles, writeVersionPickers} from './versions';
import {describeReport, writeAudienceSections} from './audienceSections';

const root = path.resolve(__dirname, '../..');
const outputDir = path.join(root, API_OUTPUT_DIR);
export const API_INDEX_ROUTE = '/reference/api/unleash';

async function run(): Promise<void> {
  const document = bundle(OPENAPI_DIR, processEnv().apiServerUrl);
  writeBundle(document);
  // The older references (config/apiVersions.ts): composed from what their servers serve and our prose (versions.ts).
  const older = writeOlderBundles(document, processEnv().apiServerUrl);
  fs.rmSync(outputDir, {recursive: true, force: true});
  // --all-versions: the plugin's `versions` option generates the older references into their folders too.
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'gen-api-docs', 'all', '--all-versions'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`gen-api-docs failed:\n${result.stdout}\n${result.stderr}`);
  }
  const info = fs.readdirSync(outputDir).find((file) => file.endsWith('.info.mdx'));
  if (!info) throw new Error(`gen-api-docs wrote no introduction page into ${API_OUTPUT_DIR}`);
  const file = path.join(outputDir, info);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^---\n/, `---\nslug: ${API_INDEX_ROUTE}\n`));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sidebar = require(path.join(outputDir, 'sidebar.ts')).default as Parameters<typeof rewriteTagPages>[2];
  const tagPages = rewriteTagPages(outputDir, API_OUTPUT_DIR.replace(/^docs\//, ''), sidebar);
  // The sidebar in sections by API audience, each opened by its overview page (audienceSections.ts).
  console.log(`[openapi] ${describeReport(writeAudienceSections(apiReferenceVersions()[0]!, document))}`);
  // Descriptions arrive as HTML, so the browser does not parse Markdown (prerender.ts).
  const descriptions = await prerenderDescriptions(outputDir);
  // The request column, its samples highlighted, and the explorer's item off the page's script (requestColumn.ts).
  const columns = await writeRequestColumns(outputDir);
  console.log(`[openapi] ${columns} request columns written with their code samples`);
  const pages = fs.readdirSync(outputDir).filter((name) => name.endsWith('.mdx')).length;
  // Each older reference through the same steps, in a docs instance of its own.
  for (const {version, report} of older) {
    const dir = path.join(root, version.outputDir);
    const olderSidebar = finishOlderReference(version, apiReferenceVersions()[0]!);
    const olderTags = rewriteTagPages(dir, '', olderSidebar);
    console.log(`[openapi] ${describeReport(writeAudienceSections(version, JSON.parse(fs.readFileSync(version.bundleFile, 'utf8'))))}`);
    const olderDescriptions = await prerenderDescriptions(dir);
    const olderColumns = await writeRequestColumns(dir);
    const olderPages = fs.readdirSync(dir).filter((name) => name.endsWith('.mdx')).length;
    console.log(
      `[openapi] ${version.label}: generated ${olderPages} pages (${olderTags} tag pages, ${olderDescriptions} descriptions rendered to HTML, ${olderColumns} request columns) into ${version.outputDir}; ` +
        `prose from ours ${Object.values(report.ours).reduce((a, b) => a + b, 0)}, from the overlay ${Object.values(report.overlay).reduce((a, b) => a + b, 0)}, response descriptions by status ${report.generic}`,
    );
  }
  console.log(`[openapi] version pickers on ${writeVersionPickers()} pages`);
  const changelog = writeChangelog(generatedPageOf(Object.fromEntries(apiReferenceVersions().map((version) => [version.major, {baseRoute: version.baseRoute, dir: path.join(root, version.outputDir)}]))));
  console.log(`[openapi] API changelog: ${changelog.steps.map((step) => `${step.from}→${step.to} +${step.added.length} −${step.removed.length} ~${step.changed.length}`).join(', ')}`);
  console.log(`[openapi] generated ${pages} pages (${tagPages} tag pages, ${descriptions} descriptions rendered to HTML) from ${path.relative(root, BUNDLE_FILE)} into ${API_OUTPUT_DIR}`);
}

run().catch((error: unknown) => {
  console.error(`[openapi] ${(error as Error).message}`);
  process.exit(1);
});
