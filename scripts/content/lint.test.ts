import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {lintDocs, lintPage} from './lint';
import {parsePage, readContractGroups} from './pages';

function lintSource(source: string, name = 'reference/segments.md'): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-'));
  const file = path.join(dir, 'docs', name);
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, source);
  const page = {...parsePage(file), route: `/${name.replace(/\.mdx?$/, '')}`};
  return lintPage(page, readContractGroups()).map((problem) => problem.replace(/^.*?: /, ''));
}

const words = (n: number) => Array.from({length: n}, (_, i) => `word${i}`).join(' ');

describe('content lint', () => {
  it('accepts a complete page', () => {
    expect(lintSource(`---\ntitle: Segments\ndescription: What segments are and how to use them.\nchecked: [unleash-server@8.2.0]\n---\n\n${words(400)}\n\n## Use\n\n${words(10)}\n\n\`\`\`bash\necho hi\n\`\`\`\n`)).toEqual([]);
  });

  it('reports each kind of problem', () => {
    const problems = lintSource(`---\ntitle: Segments\n---\n\n# Segments\n\nTODO write this.\n\n## Empty\n\n## Next\n\n\`\`\`\ncode\n\`\`\`\n`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'front matter has no one-sentence description',
        'placeholder text "TODO"',
        'repeats the title as an h1 (the front matter title is the h1)',
        expect.stringMatching(/^code block at line \d+ names no language$/),
        'empty section "Empty"',
        expect.stringMatching(/words of prose, fewer than the 350 this kind of page needs$/),
      ]),
    );
  });

  it('reports an admonition titled after a space, which CommonMark pages show as text', () => {
    const page = (admonition: string) => `---\ntitle: Segments\ndescription: What segments are and how to use them.\nchecked: [unleash-server@8.2.0]\n---\n\n${words(400)}\n\n${admonition}\n\nA note.\n\n:::\n\n\`\`\`md\n:::info Inside code\n\`\`\`\n`;
    expect(lintSource(page(':::info Availability'))).toEqual(['admonition title after a space (":::info Availability"): write :::info[Availability], the only form CommonMark pages read']);
    expect(lintSource(page(':::info[Availability]'))).toEqual([]);
  });

  it('asks more of SDK pages and long-form articles', () => {
    expect(lintSource(`---\ntitle: Go\ndescription: The Go SDK for Unleash servers.\nchecked: [Unleash/unleash-client-go@v4.1.0]\n---\n\n${words(400)}\n`, 'reference/sdks/go.md')).toEqual([
      '400 words of prose, fewer than the 600 this kind of page needs',
    ]);
    expect(lintSource(`---\ntitle: Best\ndescription: Best practices for feature flags.\nchecked: [unleash-server@8.2.0]\n---\n\n${words(1000)}\n`, 'topics/feature-flags/feature-flag-best-practices.md')).toEqual([
      '1000 words of prose, fewer than the 1500 this kind of page needs',
    ]);
  });

  it('passes on every page in docs/', () => {
    expect(lintDocs()).toEqual([]);
  });
});
