import fs from 'node:fs';
import {describe, expect, it} from 'vitest';
import {loadCatalogue} from './catalogue';
import {PAGE_FILE, renderPage} from './page';

describe('the error-message page', () => {
  it('is what the catalogue renders (npm run errors:page writes it)', () => {
    expect(fs.readFileSync(PAGE_FILE, 'utf8')).toBe(renderPage(loadCatalogue()));
  });

  it('gives each message a heading of its own, exactly as the code writes it, with its id as the anchor', () => {
    const page = renderPage(
      [{id: 'token-missing', source: 'unleash-server', where: 'a 401 answer from <path> (`<body>`)', text: 'No token for `<path>`', status: 401, name: 'UnauthorizedError', when: 'No token was sent.', fix: 'Send one.', file: 'dist/x.js'}],
      () => '8.2.0',
    );
    expect(page).toContain('### `` No token for `<path>` `` {#token-missing}');
    expect(page).toContain('**Where:** a 401 answer from &lt;path&gt; (`<body>`) · **Status:** 401 · **Error name:** `UnauthorizedError` · **Read in:** unleash-server 8.2.0');
    expect(page).toContain('  - unleash-server@8.2.0');
    expect(() => renderPage([{id: 'x', source: 'unleash-cobol-sdk', where: 'w', text: 't', when: 'w', fix: 'f', file: 'Unleash/x@v1:y'}])).toThrow(/no section of the error-message page takes unleash-cobol-sdk/);
  });
});
