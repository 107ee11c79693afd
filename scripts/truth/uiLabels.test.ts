import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

/** These read every page or the whole Admin UI bundle; on two busy cores that takes minutes. */
const WHOLE_SITE_TIMEOUT = 240_000;
import {adminUiStrings, stringLiterals} from './adminUiStrings';
import {parsePage} from '../content/pages';
import {checkUiLabels, unmarkedLabels} from './uiLabels';

function pageFile(body: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
  const file = path.join(dir, 'page.md');
  fs.writeFileSync(file, `---\ntitle: T\n---\n\n${body}\n`);
  return file;
}

describe('Admin UI strings', () => {
  it('reads literals out of minified code', () => {
    expect(stringLiterals(`x={title:"New feature flag",b:'Save',c:\`Archive \${n} flags\`}`)).toEqual(expect.arrayContaining(['New feature flag', 'Save', 'Archive ', ' flags']));
  });

  it('come from the pinned unleash-server bundle', () => {
    const strings = adminUiStrings();
    expect(strings.size).toBeGreaterThan(10_000);
    expect(strings.has('New feature flag')).toBe(true);
  }, WHOLE_SITE_TIMEOUT);
});

describe('the label check', () => {
  const strings = new Set(['New feature flag', 'Integrations']);

  it('accepts labels the UI has and other programs’ labels', () => {
    const report = checkUiLabels([pageFile('Open <UiLabel>Integrations</UiLabel>, then <UiLabel app="Okta">Applications</UiLabel>.')], strings, []);
    expect(report).toMatchObject({checked: 1, otherPrograms: 1, problems: []});
  });

  it('names the page, line, label and the nearest strings for a label the UI does not have', () => {
    const report = checkUiLabels([pageFile('Intro.\n\nIn the dialog <UiLabel>Create feature flag</UiLabel>, fill in the name.')], strings, []);
    expect(report.problems).toEqual([expect.stringMatching(/page\.md:7: the Admin UI of unleash-server has no label "Create feature flag"; nearest: "New feature flag"/)]);
  });

  it('ignores code and honours reviewed exceptions, reporting stale ones', () => {
    const file = pageFile('```jsx\n<UiLabel>Nope</UiLabel>\n```\n\n<UiLabel>Built at run time</UiLabel>');
    const route = parsePage(file).route;
    const exceptions = [
      {page: route, label: 'Built at run time', reason: 'assembled from two strings'},
      {page: route, label: 'Gone', reason: 'no longer on the page'},
    ];
    const report = checkUiLabels([file], strings, exceptions);
    expect(report.excepted).toBe(1);
    expect(report.problems).toEqual([expect.stringContaining('stale exception "Gone"')]);
  });

  it('takes bold or quoted phrases after an action for unmarked labels', () => {
    const page = parsePage(pageFile('Click **Save**, then select the "Add role" button, and assert_select "ul li".'));
    expect(unmarkedLabels(page).map((use) => use.label)).toEqual(['Save', 'Add role']);
  });

  it('passes on every page in docs/', () => {
    const report = checkUiLabels();
    console.log(`UI labels: ${report.checked} checked against the Admin UI, ${report.otherPrograms} of other programs, ${report.excepted} excepted`);
    expect(report.problems).toEqual([]);
  }, WHOLE_SITE_TIMEOUT);
});
