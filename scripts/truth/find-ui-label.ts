/**
 * npx tsx scripts/truth/find-ui-label.ts "<label>" […]: says whether each label is a string of
 * the Admin UI shipped in the pinned unleash-server, and if not, the nearest strings it has.
 * A quick look while writing a page; the label check itself runs in npm test.
 */
import {adminUiStrings} from './adminUiStrings';
import {nearestStrings} from './nearest';

const strings = adminUiStrings();
for (const label of process.argv.slice(2)) {
  if (strings.has(label)) {
    console.log(`found: "${label}"`);
  } else {
    console.log(`NOT found: "${label}"; nearest: ${nearestStrings(label, strings, 8).map((s) => JSON.stringify(s)).join(', ')}`);
  }
}
