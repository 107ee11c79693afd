/**
 * Serves the production build (and the same build under a wrong base path), and builds and
 * serves two fixture sites with the real configuration: "configured" (every optional
 * feature switched on) and "algolia" (search through Algolia). URLs reach the tests through
 * environment variables.
 */
import fs from 'node:fs';
import path from 'node:path';
import {startStaticServer} from '../support/staticServer';
import {buildFixtureSite} from '../support/fixtureSite';
import {configuredSite} from '../fixtures/configured-site/site';
import {algoliaSite} from '../fixtures/algolia-site/site';

const repoRoot = path.resolve(__dirname, '../..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  const buildDir = path.join(repoRoot, 'build');
  if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No production build in ${buildDir}: run "npm run build" before the browser tests.`);
  }
  const fixture = await buildFixtureSite(configuredSite);
  if (fixture.code !== 0) throw new Error(`The configured fixture site failed to build:\n${fixture.output}`);
  const algoliaFixture = await buildFixtureSite(algoliaSite);
  if (algoliaFixture.code !== 0) throw new Error(`The Algolia fixture site failed to build:\n${algoliaFixture.output}`);

  const site = await startStaticServer(buildDir);
  const wrongBase = await startStaticServer(buildDir, {prefix: '/wrong-base'});
  const configured = await startStaticServer(fixture.buildDir);
  const algolia = await startStaticServer(algoliaFixture.buildDir);
  process.env.SITE_URL_UNDER_TEST = site.url;
  process.env.WRONG_BASE_URL_UNDER_TEST = wrongBase.url;
  process.env.CONFIGURED_URL_UNDER_TEST = configured.url;
  process.env.ALGOLIA_URL_UNDER_TEST = algolia.url;
  process.env.BUILD_DIR_UNDER_TEST = buildDir;
  // The fixture builds themselves, for the tests that serve them through nginx.
  process.env.CONFIGURED_BUILD_DIR_UNDER_TEST = fixture.buildDir;
  process.env.ALGOLIA_BUILD_DIR_UNDER_TEST = algoliaFixture.buildDir;

  return async () => {
    await Promise.all([site.close(), wrongBase.close(), configured.close(), algolia.close()]);
  };
}
