/**
 * npm run check:routes [-- <build-dir>]: compares the route and redirect contracts with a
 * production build, prints coverage per group, and fails when a required group or route
 * is incomplete or a redirect does not land on its target.
 */
import fs from 'node:fs';
import path from 'node:path';
import {checkRedirects, coverageByGroup, pageExists, readRoutes} from './routes/contract';
import {legacyRedirects} from '../config/redirects';

const root = path.resolve(__dirname, '..');
const buildDir = path.resolve(process.argv[2] ?? path.join(root, 'build'));
if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
  console.error(`No production build in ${buildDir}: run "npm run build" first.`);
  process.exit(2);
}

const required = JSON.parse(fs.readFileSync(path.join(__dirname, 'routes/required.json'), 'utf8')) as {groups: string[]; routes: string[]};
const coverage = coverageByGroup(readRoutes(path.join(root, 'contract/routes.txt')), buildDir);
const failures: string[] = [];

console.log('group                 present/total  required');
for (const group of coverage) {
  const isRequired = required.groups.includes(group.group);
  console.log(`${group.group.padEnd(22)}${`${group.present}/${group.total}`.padStart(13)}  ${isRequired ? 'yes' : ''}`);
  if (isRequired && group.missing.length > 0) failures.push(`group ${group.group} is missing: ${group.missing.join(', ')}`);
}
for (const route of required.routes) {
  if (!pageExists(buildDir, route)) failures.push(`required route ${route} is missing`);
}

const redirects = checkRedirects(legacyRedirects, buildDir);
console.log(`\nredirects: ${redirects.checked} checked, ${redirects.problems.length} wrong, ${redirects.pendingTarget} legacy paths waiting for their target page`);
for (const problem of redirects.problems) {
  failures.push(`redirect ${problem.from} should go to ${problem.expected} but ${problem.found ? `goes to ${problem.found}` : 'is missing'}`);
}

if (failures.length > 0) {
  console.error(`\nRoute contract check failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nRoute contract check passed.');
