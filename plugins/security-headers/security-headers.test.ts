import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {announcementBarScript} from '../announcement-bar';
import {constantStyles} from './bundles';
import {readPage} from './html';
import {computeSitePolicy, HEADERS_FILE, NGINX_INCLUDE, writeSecurityHeaders, type SitePolicy} from './index';
import {MAX_STYLE_HASHES, contentSecurityPolicy, hashSource, sourceAllows, type PolicySources} from './policy';
import {REDIRECT_SCRIPT, redirectPage, rewriteRedirectPage} from './redirectPages';

const THEME_SCRIPT = '!function(){document.documentElement.setAttribute("data-theme","light")}()';

/** A built page shaped like Docusaurus' output (minified, unquoted attributes), with an optional announcement bar. */
function builtPage({announcement, body = '<p>Text</p>'}: {announcement?: {id: string; content: string}; body?: string} = {}): string {
  const bar = announcement ? `<div class=announcementBar role=banner><div class=content>${announcement.content}</div></div>` : '';
  const barScript = announcement ? `<script>${announcementBarScript(announcement.id)}</script>` : '';
  return `<!doctype html><html lang=en><head><meta charset=UTF-8><script src=/assets/js/main.1234abcd.js defer></script><script data-rh=true type=application/ld+json>{"@context":"https://schema.org","@type":"BreadcrumbList"}</script></head><body><svg style="display: none;"><defs></defs></svg><script>${THEME_SCRIPT}</script><div id=__docusaurus>${bar}<main>${body}</main></div>${barScript}</body></html>`;
}

/** A legacy redirect page exactly as @docusaurus/plugin-client-redirects 3.10 writes it. */
function pluginRedirectPage(to: string, forward = true): string {
  return `<!DOCTYPE html>
<html>
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="refresh" content="0; url=${to}">
    <link rel="canonical" href="${to}" />
  </head>
  <script>
    window.location.href = '${to}'${forward ? ' + window.location.search + window.location.hash' : ''};
  </script>
</html>`;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, {recursive: true, force: true});
});

function buildDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
  dirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

const policyOf = (files: Record<string, string>, sources: PolicySources = {}): SitePolicy =>
  computeSitePolicy(buildDir(files), {sources, siteUrl: 'https://docs.example.com'});
const csp = (policy: SitePolicy) => policy.headers.find(([name]) => name === 'Content-Security-Policy')![1];
const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `))!;

describe('reading a built page', () => {
  it('finds the inline scripts that run, not data blocks, external scripts or noscript content', () => {
    const page = readPage(
      `<head><script src=/a.js></script><script type=application/ld+json>{"a":1}</script><script type="module">import "/b.js"</script><SCRIPT>one()</SCRIPT>` +
        `<script type=text/javascript>two("</div>")</script><noscript><iframe src=https://x.test style="display:none"></iframe><script>never()</script></noscript></head>`,
    );
    expect(page.scripts).toEqual(['import "/b.js"', 'one()', 'two("</div>")']);
    expect(page.externalScripts).toEqual(['/a.js']);
    expect(page.styleAttributes).toEqual([]);
  });

  it('reads style attributes in every quoting, decoded, and inline styles; skips comments', () => {
    const page = readPage(`<div style=color:#393A34><span style="font-family:&quot;Fira&quot;">x</span><b style='margin:0'>y</b></div><!-- <i style="hidden"> --><style>.a{color:red}</style>`);
    expect(page.styleAttributes).toEqual(['color:#393A34', 'font-family:"Fira"', 'margin:0']);
    expect(page.styles).toEqual(['.a{color:red}']);
  });

  it('reports inline event handlers and javascript: URLs', () => {
    expect(readPage(`<a href="javascript:void(0)">x</a><img src=x.png onerror="go()"><button onClick=f()>`).forbidden).toEqual([
      '<a href="javascript:void(0)">',
      '<img onerror>',
      '<button onclick>',
    ]);
  });

  it('hashes the text as browsers do: SHA-256 of its UTF-8 bytes, base64', () => {
    expect(hashSource("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  });
});

describe('the policy computed from the pages', () => {
  it('allows each inline script by its hash, with no unsafe-inline or unsafe-eval, and no hash for JSON-LD', () => {
    const policy = policyOf({'index.html': builtPage(), 'guide.html': builtPage({body: '<p>Other</p>'})});
    expect(policy.scriptHashes).toEqual([hashSource(THEME_SCRIPT)]);
    const scriptSrc = directive(csp(policy), 'script-src');
    expect(scriptSrc).toBe(`script-src 'self' 'report-sample' ${hashSource(THEME_SCRIPT)}`);
    expect(csp(policy)).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('has every directive the site needs, and nothing from another host by default', () => {
    const policy = csp(policyOf({'index.html': builtPage()}));
    for (const expected of [
      "default-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "manifest-src 'self'",
      "worker-src 'self'",
    ]) {
      expect(policy.split('; ')).toContain(expected);
    }
    expect(policy).not.toMatch(/https?:/);
    expect(directive(policy, 'style-src')).toBe(`style-src 'self' 'report-sample' 'unsafe-hashes' ${hashSource('display: none;')}`);
  });

  it('follows the announcement bar: its id is in the script, so a new id brings a new hash', () => {
    const first = policyOf({'index.html': builtPage({announcement: {id: 'release-1', content: 'Unleash 8 is out'}})});
    const second = policyOf({'index.html': builtPage({announcement: {id: 'release-2', content: 'Unleash 8 is out'}})});
    expect(first.scriptHashes).toContain(hashSource(announcementBarScript('release-1')));
    expect(second.scriptHashes).toContain(hashSource(announcementBarScript('release-2')));
    expect(second.scriptHashes).not.toContain(hashSource(announcementBarScript('release-1')));
    expect(csp(second)).not.toBe(csp(first));
  });

  it('follows the announcement content: markup needs no hash, a script or a style attribute in it gets one', () => {
    const plain = policyOf({'index.html': builtPage({announcement: {id: 'a', content: 'Read the <a href="/blog">news</a>'}})});
    const other = policyOf({'index.html': builtPage({announcement: {id: 'a', content: 'Other <b>words</b>'}})});
    expect(csp(other)).toBe(csp(plain));
    const scripted = policyOf({'index.html': builtPage({announcement: {id: 'a', content: 'Hi<script>window.bar=1</script>'}})});
    expect(scripted.scriptHashes).toEqual([...plain.scriptHashes, hashSource('window.bar=1')].sort());
    const styled = policyOf({'index.html': builtPage({announcement: {id: 'a', content: '<span style="font-weight:bold">Hi</span>'}})});
    expect(directive(csp(styled), 'style-src')).toContain(hashSource('font-weight:bold'));
  });

  it('writes the legacy redirect pages with one shared script: one hash for all of them', () => {
    const dir = buildDir({
      'index.html': builtPage(),
      'old/path/index.html': pluginRedirectPage('/new/path'),
      'other.htm/index.html': pluginRedirectPage('/reference/events'),
      'anchored/index.html': pluginRedirectPage('/reference/events#types', false),
    });
    const policy = computeSitePolicy(dir, {sources: {}, siteUrl: 'https://docs.example.com'});
    expect(policy.redirectPages).toBe(3);
    expect(policy.scriptHashes).toEqual([hashSource(THEME_SCRIPT), hashSource(REDIRECT_SCRIPT)].sort());
    const rewritten = fs.readFileSync(path.join(dir, 'old/path/index.html'), 'utf8');
    expect(rewritten).toBe(redirectPage('/new/path'));
    // What the route check and the search indexer look for stays.
    expect(rewritten).toContain('<meta http-equiv="refresh" content="0; url=/new/path">');
    expect(rewriteRedirectPage(builtPage())).toBeUndefined();
  });

  it('stops on a redirect page it cannot rewrite, rather than hashing each one', () => {
    const odd = pluginRedirectPage('/x').replace('<html>', '<html lang="en">');
    expect(() => policyOf({'old/index.html': odd})).toThrow(/redirect pages with a script of their own[\s\S]*old\/index\.html[\s\S]*PLUGIN_PAGE/);
  });

  it('stops on inline event handlers, naming the page', () => {
    expect(() => policyOf({'guide.html': builtPage({body: '<button onclick="go()">Go</button>'})})).toThrow(/guide\.html: <button onclick>/);
  });

  it('stops on a script from a host no configuration names, and accepts it once named', () => {
    const files = {'guide.html': builtPage({body: '<script src="https://cdn.example.net/lib.js"></script>'})};
    expect(() => policyOf(files)).toThrow(/scripts from hosts[\s\S]*guide\.html: https:\/\/cdn\.example\.net\/lib\.js[\s\S]*config\/analytics\.ts/);
    const policy = policyOf(files, {'script-src': ['https://cdn.example.net']});
    expect(directive(csp(policy), 'script-src')).toMatch(/ https:\/\/cdn\.example\.net$/);
  });

  it('allows the hosts the pages show images from (readme badges), and nothing more for them', () => {
    const body = '<img src="https://img.shields.io/badge/x.svg" alt=x><picture><source srcset="https://raw.githubusercontent.com/Unleash/a/main/l.png 2x, /img/local.png 1x"><img src=/img/logo.svg alt=y></picture><img src="data:image/png;base64,AA==" alt=z>';
    const policy = csp(policyOf({'index.html': builtPage({body})}));
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: https://img.shields.io https://raw.githubusercontent.com");
    expect(directive(policy, 'script-src')).not.toMatch(/https/);
  });

  it('allows styles inline only past the hash limit, and says so', () => {
    const many = Array.from({length: MAX_STYLE_HASHES + 1}, (_, i) => `<i style="order:${i}">x</i>`).join('');
    const policy = policyOf({'index.html': builtPage({body: many})});
    expect(directive(csp(policy), 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(csp(policy), 'script-src')).not.toMatch(/unsafe/);
    expect(policy.notes.join(' ')).toMatch(/style-src allows them with 'unsafe-inline'/);
  });

  it('writes the same headers to _headers and to the nginx include', () => {
    const dir = buildDir({'index.html': builtPage()});
    const policy = computeSitePolicy(dir, {sources: {}, siteUrl: 'https://docs.example.com'});
    writeSecurityHeaders(dir, '/docs/', policy);
    const headersFile = fs.readFileSync(path.join(dir, HEADERS_FILE), 'utf8');
    const include = fs.readFileSync(path.join(dir, NGINX_INCLUDE), 'utf8');
    const fromHeaders = [...headersFile.matchAll(/^ {2}([\w-]+): (.+)$/gm)].map((match) => [match[1], match[2]]);
    const fromInclude = [...include.matchAll(/^add_header ([\w-]+) "(.+)" always;$/gm)].map((match) => [match[1], match[2]]);
    expect(fromHeaders).toEqual(policy.headers.map(([name, value]) => [name, value]));
    expect(fromInclude).toEqual(fromHeaders);
    expect(headersFile).toMatch(/^\/docs\/\*$/m);
    expect(fromHeaders.map(([name]) => name)).toEqual([
      'Content-Security-Policy',
      'Permissions-Policy',
      'Cross-Origin-Opener-Policy',
      'X-Content-Type-Options',
      'Referrer-Policy',
    ]);
  });
});

describe('styles the scripts render with a fixed text', () => {
  it('are found in React and JSX-runtime calls, unescaped', () => {
    const source =
      'n.createElement("defs",null,n.createElement("style",null,".cls-1{fill:#003dff;}"));' +
      '(0,r.jsx)("style",{children:"a::after{content:\\"\\u2192\\"}"});' +
      'n.createElement("style",null,t.css);(0,r.jsx)("style",{children:e})';
    expect(constantStyles(source)).toEqual(['.cls-1{fill:#003dff;}', 'a::after{content:"→"}']);
  });

  it('are allowed by hash', () => {
    const policy = policyOf({'index.html': builtPage(), 'assets/js/679.abcdef12.js': 'x.createElement("style",null,".logo{fill:red}")'});
    expect(directive(csp(policy), 'style-src')).toContain(hashSource('.logo{fill:red}'));
  });
});

describe('the shared redirect script', () => {
  function redirectFrom(href: string, canonical: string): string {
    let replacedWith = '';
    const location = Object.assign(new URL(href), {replace: (url: string) => (replacedWith = url)});
    const document = {querySelector: () => ({getAttribute: () => canonical})};
    new Function('document', 'location', REDIRECT_SCRIPT)(document, location);
    return replacedWith;
  }

  it('goes to the canonical URL, keeping the query and fragment of the legacy URL', () => {
    expect(redirectFrom('https://docs.example.com/old/path?tab=go#install', '/new/path')).toBe('https://docs.example.com/new/path?tab=go#install');
    expect(redirectFrom('https://docs.example.com/old', '/new')).toBe('https://docs.example.com/new');
  });

  it('keeps a target that has its own fragment as it is', () => {
    expect(redirectFrom('https://docs.example.com/old#x', '/reference/events#types')).toBe('https://docs.example.com/reference/events#types');
  });
});

describe('host sources', () => {
  it('match scheme, host (with a wildcard), port and path as browsers do', () => {
    const url = (href: string) => new URL(href);
    expect(sourceAllows('https://*.googletagmanager.com', url('https://www.googletagmanager.com/gtag/js?id=G-1'))).toBe(true);
    expect(sourceAllows('https://*.googletagmanager.com', url('https://googletagmanager.com/x'))).toBe(false);
    expect(sourceAllows('https://tracker.example.com', url('http://tracker.example.com/t.js'))).toBe(false);
    expect(sourceAllows('https://tracker.example.com', url('https://tracker.example.com:8443/t.js'))).toBe(false);
    expect(sourceAllows('https://cdn.example.net/npm/lib@1/dist/lib.js', url('https://cdn.example.net/npm/lib@1/dist/lib.js'))).toBe(true);
    expect(sourceAllows('https://cdn.example.net/npm/lib@1/dist/lib.js', url('https://cdn.example.net/npm/evil/dist/lib.js'))).toBe(false);
    expect(sourceAllows('https://cdn.example.net/npm/', url('https://cdn.example.net/npm/any.js'))).toBe(true);
  });

  it('end up in their directives, sorted and without repeats', () => {
    const policy = contentSecurityPolicy({
      scriptHashes: [],
      styleHashes: [],
      sources: {'connect-src': ['https://b.example', 'https://a.example', 'https://a.example'], 'frame-src': ['https://f.example']},
    });
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://a.example https://b.example");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self' https://f.example");
  });
});
