import {parse} from 'node-html-parser';
import {describe, expect, it} from 'vitest';
import {isScript, isScriptLink, withoutScripts} from './scriptless';

/** Shaped as Docusaurus writes a page: minified, unquoted attributes, scripts in head and body. */
const PAGE = [
  '<!doctype html><html lang=en data-has-hydrated=false><head><meta charset=UTF-8>',
  '<title data-rh=true>Segments | Unleash Documentation</title>',
  '<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>',
  '<link rel=stylesheet href=/assets/css/styles.0f14f503.css />',
  '<link rel=preload as=image href=/img/logo.svg />',
  '<link rel=modulepreload href=/assets/js/entry.mjs>',
  '<link rel=preload as=script href=/assets/js/chunk.js>',
  '<link rel=prefetch href=/assets/js/route.1a2b3c4d.js>',
  '<link rel=prefetch as=document href=/reference/strategies>',
  '<style>.inline{color:red}</style>',
  '<script src=/assets/js/runtime~main.6420861d.js defer></script><script src=/assets/js/main.23d2aa2f.js defer></script>',
  '</head><body class=navigation-with-keyboard>',
  '<script>!function(){document.documentElement.setAttribute("data-theme","light")}()</script>',
  '<!-- <script>not an element</script> -->',
  '<main><h1>Segments</h1><p>A segment is a <code>&lt;script&gt;</code>-free set of constraints.</p><img src=/img/segments.svg alt=Segments width=600 height=300></main>',
  '<script type=module>import "/assets/js/island.js"</script>',
  '<script type="text/javascript; charset=utf-8">window.notRun=1</script>',
  '</body></html>',
].join('');

describe('withoutScripts', () => {
  const result = withoutScripts(PAGE);
  const root = parse(result, {comment: true});

  it('removes every script the browser would run, inline or external, classic or module', () => {
    expect(root.querySelectorAll('script').filter(isScript)).toHaveLength(0);
    expect(result).not.toContain('main.23d2aa2f.js');
    expect(result).not.toContain('runtime~main');
    expect(result).not.toContain('data-theme');
    expect(result).not.toContain('island.js');
  });

  it('removes the links that fetch scripts ahead of time', () => {
    expect(result).not.toContain('entry.mjs');
    expect(result).not.toContain('chunk.js');
    expect(result).not.toContain('route.1a2b3c4d.js');
  });

  it('keeps styles, content, images, data blocks and the links that are not for scripts, byte for byte', () => {
    for (const kept of [
      '<link rel=stylesheet href=/assets/css/styles.0f14f503.css />',
      '<link rel=preload as=image href=/img/logo.svg />',
      '<link rel=prefetch as=document href=/reference/strategies>',
      '<style>.inline{color:red}</style>',
      '<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>',
      '<main><h1>Segments</h1><p>A segment is a <code>&lt;script&gt;</code>-free set of constraints.</p><img src=/img/segments.svg alt=Segments width=600 height=300></main>',
      '<!-- <script>not an element</script> -->',
      '<!doctype html><html lang=en data-has-hydrated=false><head><meta charset=UTF-8>',
      // A type with parameters is no JavaScript MIME type essence match: the browser never runs it.
      '<script type="text/javascript; charset=utf-8">window.notRun=1</script>',
    ]) {
      expect(result).toContain(kept);
    }
  });

  it('cuts nothing but the scripts: the rest reads as the original with them taken out', () => {
    const removed = [
      '<link rel=modulepreload href=/assets/js/entry.mjs>',
      '<link rel=preload as=script href=/assets/js/chunk.js>',
      '<link rel=prefetch href=/assets/js/route.1a2b3c4d.js>',
      '<script src=/assets/js/runtime~main.6420861d.js defer></script><script src=/assets/js/main.23d2aa2f.js defer></script>',
      '<script>!function(){document.documentElement.setAttribute("data-theme","light")}()</script>',
      '<script type=module>import "/assets/js/island.js"</script>',
    ];
    expect(result).toBe(removed.reduce((html, piece) => html.replace(piece, ''), PAGE));
  });

  it('leaves a page without scripts unchanged', () => {
    const plain = '<!doctype html><html><head><link rel=stylesheet href=/s.css></head><body><p>Text</p></body></html>';
    expect(withoutScripts(plain)).toBe(plain);
  });
});

describe('isScript and isScriptLink', () => {
  const element = (html: string) => parse(html).firstChild as Parameters<typeof isScript>[0];

  it('tells scripts from data blocks by their type, as the browser does', () => {
    const scripts = ['<script>1</script>', '<script type="TEXT/JavaScript">1</script>', '<script type=importmap>{}</script>'];
    const dataBlocks = ['<script type=application/ld+json>{}</script>', '<script type=application/json>{}</script>', '<script type="text/javascript; charset=utf-8">1</script>'];
    expect(scripts.map((html) => isScript(element(html)))).toEqual([true, true, true]);
    expect(dataBlocks.map((html) => isScript(element(html)))).toEqual([false, false, false]);
  });

  it('counts only links that fetch a script', () => {
    const scriptLinks = ['<link rel=modulepreload href=/a>', '<link rel="preload" as="script" href=/a>', '<link rel=prefetch href="/a.js?v=1">'];
    const otherLinks = ['<link rel=preload as=style href=/a.css>', '<link rel=prefetch as=fetch href=/data.js>', '<link rel=stylesheet href=/a.js>', '<link rel=preload as=image href=/logo.svg>'];
    expect(scriptLinks.map((html) => isScriptLink(element(html)))).toEqual([true, true, true]);
    expect(otherLinks.map((html) => isScriptLink(element(html)))).toEqual([false, false, false, false]);
  });
});
