import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {describeTagPage, rewriteTagPages} from './tagPages';

const GENERATED_TAG_PAGE = `---
id: events
title: "Events"
description: "Events"
custom_edit_url: null
---



Read the event log that records every change made in Unleash.



\`\`\`mdx-code-block
import DocCardList from '@theme/DocCardList';
import {useCurrentSidebarCategory} from '@docusaurus/theme-common';

<DocCardList items={useCurrentSidebarCategory().items}/>
\`\`\`
`;

const operationPage = (id: string, description: string) => `---\nid: ${id}\ntitle: "T"\ndescription: "${description}"\n---\n\nBody\n`;

let dir = '';
afterEach(() => fs.rmSync(dir, {recursive: true, force: true}));

function site(files: Record<string, string>): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tag-pages-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

describe('API tag pages', () => {
  it('pass their own operations and descriptions to the cards, and nothing else', () => {
    const folder = site({
      'events.tag.mdx': GENERATED_TAG_PAGE,
      'get-events.api.mdx': operationPage('get-events', 'Lists events.'),
      'get-tags.api.mdx': operationPage('get-tags', 'Lists tags.'),
    });
    const sidebar = [
      {type: 'doc', id: 'api/unleash-api'},
      {type: 'category', link: {type: 'doc', id: 'api/events'}, items: [{type: 'doc', id: 'api/get-events'}]},
    ];
    expect(rewriteTagPages(folder, 'api', sidebar)).toBe(1);
    const page = fs.readFileSync(path.join(folder, 'events.tag.mdx'), 'utf8');
    expect(page).toContain(`<ApiOperationCards descriptions={{"api/get-events":"Lists events."}} />`);
    expect(page).not.toContain('Lists tags.');
    expect(page).not.toContain('DocCardList');
    expect(page).toContain('description: "Read the event log that records every change made in Unleash."');
  });

  it('fail loudly when the generator no longer writes the card list they replace', () => {
    const folder = site({'events.tag.mdx': GENERATED_TAG_PAGE.replace('<DocCardList', '<SomethingElse')});
    const sidebar = [{type: 'category', link: {type: 'doc', id: 'api/events'}, items: []}];
    expect(() => rewriteTagPages(folder, 'api', sidebar)).toThrow('events.tag.mdx has no generated card list to rewrite');
  });

  it('keep a page without a paragraph as it is', () => {
    const page = '---\nid: x\ndescription: "X"\n---\n\n```mdx-code-block\nimport A from "a";\n```\n';
    expect(describeTagPage(page)).toBe(page);
  });
});
