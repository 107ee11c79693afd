import {describe, expect, it} from 'vitest';
import {checkedRecordProblems, inFinishedSection, parseCheckedEntry} from './checked';
import type {DocPage} from './pages';

const pins = new Map([
  ['unleash-server', '8.2.0'],
  ['@unleash/proxy-client-react', '5.1.0'],
]);

function page(route: string, checked?: unknown): DocPage {
  return {file: `/docs${route}.md`, route, frontMatter: checked === undefined ? {title: 't'} : {title: 't', checked}, body: '', prose: '', code: []};
}

describe('the checked record', () => {
  it('reads npm packages and repositories at tags or commits', () => {
    expect(parseCheckedEntry('unleash-server@8.2.0')).toEqual({kind: 'npm', name: 'unleash-server', version: '8.2.0'});
    expect(parseCheckedEntry('@unleash/proxy-client-react@5.1.0')).toEqual({kind: 'npm', name: '@unleash/proxy-client-react', version: '5.1.0'});
    expect(parseCheckedEntry('Unleash/unleash@v8.1.0')).toEqual({kind: 'repository', name: 'Unleash/unleash', ref: 'v8.1.0'});
    expect(parseCheckedEntry('Unleash/unleash@ceeb5a9ca6')).toEqual({kind: 'repository', name: 'Unleash/unleash', ref: 'ceeb5a9ca6'});
    expect(parseCheckedEntry('Unleash/unleash-edge@unleash-edge-v20.4.1')).toEqual({kind: 'repository', name: 'Unleash/unleash-edge', ref: 'unleash-edge-v20.4.1'});
    expect(parseCheckedEntry('Unleash/unleash@main')).toMatch(/neither/);
    expect(parseCheckedEntry('Unleash/unleash')).toMatch(/neither/);
    expect(parseCheckedEntry('unleash-server@latest')).toMatch(/neither/);
  });

  it('is required only in finished sections', () => {
    expect(inFinishedSection('/contributing/ADRs/x', ['/contributing'])).toBe(true);
    expect(inFinishedSection('/contributing-guide', ['/contributing'])).toBe(false);
    expect(checkedRecordProblems(page('/contributing/x'), pins, ['/contributing'])).toEqual([expect.stringMatching(/has no `checked` record/)]);
    expect(checkedRecordProblems(page('/reference/x'), pins, ['/contributing'])).toEqual([]);
  });

  it('holds npm entries to the pinned version and names the pin', () => {
    expect(checkedRecordProblems(page('/x', ['unleash-server@8.2.0', 'Unleash/unleash@v8.1.0']), pins, [])).toEqual([]);
    expect(checkedRecordProblems(page('/x', ['unleash-server@8.1.0']), pins, [])).toEqual([expect.stringContaining('package.json pins 8.2.0')]);
    expect(checkedRecordProblems(page('/x', ['left-pad@1.0.0']), pins, [])).toEqual([expect.stringContaining('not a package of package.json')]);
    expect(checkedRecordProblems(page('/x', []), pins, [])).toEqual([expect.stringContaining('non-empty list')]);
    expect(checkedRecordProblems(page('/x', 'unleash-server@8.2.0'), pins, [])).toEqual([expect.stringContaining('non-empty list')]);
  });
});
