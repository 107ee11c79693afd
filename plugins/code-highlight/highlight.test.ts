import {createElement, Fragment} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {Highlight, Prism, type PrismTheme} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';
import {darkCodeTheme, lightCodeTheme} from '../../config/prismThemes';
import {PRISM_ADDITIONAL_LANGUAGES} from '../../config/codeHighlight';
import {CodeHighlighter} from './highlight';
import {codeBlockMetadata} from './metadata';
import {highlightCodeBlocks} from './rehype';
import {codeOfLines} from './lines';
import {parse as parseHtml, type Node as HtmlNode} from 'node-html-parser';
import {listDocFiles, parsePage} from '../../scripts/content/pages';

const highlighter = new CodeHighlighter(lightCodeTheme, darkCodeTheme, [...PRISM_ADDITIONAL_LANGUAGES, 'powershell']);

/** The CSS rules as (mode, class) → declarations. */
function rules(css: string): Map<string, Record<string, string>> {
  const map = new Map<string, Record<string, string>>();
  for (const match of css.matchAll(/^(:root[^ ]*) \.prism-code \.(\S+)\{([^:]+):([^}]+)\}$/gm)) {
    const mode = match[1]!.includes("not([data-theme='dark'])") ? 'light' : 'dark';
    map.set(`${mode} ${match[2]}`, {[match[3]!]: match[4]!});
  }
  return map;
}

/** What the theme's CodeBlock showed: each token's text and inline style, from prism-react-renderer itself. */
function runtimeTokens(code: string, language: string, theme: PrismTheme): Array<{text: string; style: Record<string, unknown>}> {
  const tokens: Array<{text: string; style: Record<string, unknown>}> = [];
  renderToStaticMarkup(
    createElement(Highlight, {code, language, theme, prism: Prism, children: ({tokens: lines, getTokenProps}) => {
      for (const line of lines) {
        for (const token of line) {
          const props = getTokenProps({token});
          if (token.content !== '' && !(token.empty && token.content === '\n')) tokens.push({text: String(props.children), style: (props.style ?? {}) as Record<string, unknown>});
        }
      }
      return createElement(Fragment);
    }}),
  );
  return tokens;
}

/** What the build writes: each token's text and the style its classes get in one mode. */
function staticTokens(html: string, mode: 'light' | 'dark'): Array<{text: string; style: Record<string, string>}> {
  const css = rules(highlighter.themeCss());
  const tokens: Array<{text: string; style: Record<string, string>}> = [];
  const unescape = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const match of html.replace(/<div class="[^"]*">|<br><\/div>/g, '\n').matchAll(/<span class="([^"]*)">([^<]*)<\/span>|([^<\n]+)/g)) {
    const classes = match[1]?.split(' ') ?? [];
    const style = Object.assign({}, ...classes.map((name) => css.get(`${mode} ${name}`) ?? {})) as Record<string, string>;
    tokens.push({text: unescape(match[2] ?? match[3]!), style});
  }
  return tokens;
}

const kebab = (style: Record<string, unknown>) => Object.fromEntries(Object.entries(style).filter(([key]) => key !== 'display').map(([key, value]) => [key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), String(value)]));

const SAMPLES: Array<[string, string]> = [
  ['tsx', `import {useFlag} from '@unleash/proxy-client-react';\n\n// A comment\nexport function Banner(): JSX.Element | null {\n  const enabled = useFlag('banner');\n  return enabled ? <div className="x">{'new'}</div> : null;\n}`],
  ['bash', `curl -X POST "$URL/api/admin/projects" \\\n  -H "Authorization: $TOKEN" -d '{"id": "p"}'  # create`],
  ['python', `from UnleashClient import UnleashClient\nclient = UnleashClient(url="http://x", app_name="a")\nif client.is_enabled("f"):\n    print(1 < 2 and "ok")`],
  ['json', `{\n  "name": "flag",\n  "enabled": true,\n  "weight": 1000\n}`],
  ['php', `<?php\n$unleash = UnleashBuilder::create()->withAppName('a')->build();`],
  ['csharp', `var settings = new UnleashSettings { AppName = "a" };`],
  ['yaml', `server:\n  port: 4242 # comment`],
  ['text', `plain <text> & more`],
];

describe('build-time highlighting', () => {
  it.each(SAMPLES)('%s: the same tokens and, in both modes, the same colours as the theme showed in the browser', (language, code) => {
    const html = highlighter.toHtml(code, language);
    for (const [mode, theme] of [['light', lightCodeTheme], ['dark', darkCodeTheme]] as const) {
      const runtime = runtimeTokens(code, language, theme);
      const built = staticTokens(html, mode);
      expect(built.map((token) => token.text).join('')).toBe(runtime.map((token) => token.text).join(''));
      // Colours of the plain text are inherited from the block, so they do not show as classes.
      const plain = theme.plain.color;
      const expected = runtime.filter((token) => token.text !== '').map((token) => ({text: token.text, style: kebab(Object.fromEntries(Object.entries(token.style).filter(([key, value]) => !(key === 'color' && value === plain))))}));
      const merged = (tokens: Array<{text: string; style: Record<string, string>}>) => {
        // The build leaves unstyled text unwrapped, so adjacent runs are compared by character.
        return tokens.flatMap((token) => [...token.text].map((character) => `${character}:${JSON.stringify(token.style)}`));
      };
      expect(merged(built)).toEqual(merged(expected));
    }
  });

  it('writes one line per line of code, escaped, with the classes of highlighted lines and line-number markers', () => {
    const html = highlighter.toHtml('a < b\n\nc && d', 'text', {lineClassNames: {1: ['hl']}, lineNumbers: true});
    expect(html.match(/<div class="token-line/g)).toHaveLength(3);
    expect(html).toContain('a &lt; b');
    expect(html).toContain('c &amp;&amp; d');
    expect(html).toContain('<div class="token-line hl __codeLine__"><span class="__codeLineNumber__"></span><span class="__codeLineContent__"></span><br></div>');
  });

  it('gives both modes their background and colours, the light one also before any mode is set', () => {
    const css = highlighter.themeCss();
    expect(css).toContain(":root:not([data-theme='dark']) .theme-code-block{--prism-color:#393A34;--prism-background-color:#f6f8fa}");
    expect(css).toContain(":root[data-theme='dark'] .theme-code-block{--prism-color:#F8F8F2;--prism-background-color:#282A36}");
    expect(css).toMatch(/:root\[data-theme='dark'\] \.prism-code \.cd\d+\{font-style:italic\}/);
  });
});

/** An element's text as the browser's textContent gives it: its text nodes' (node-html-parser gives <br> a line break). */
const browserText = (node: HtmlNode): string => (node.nodeType === 3 ? node.textContent : node.childNodes.map(browserText).join(''));

/** The `<code>` of a block in the browser, as codeOfLines reads it. */
function codeElement(lines: string) {
  const root = parseHtml(`<code>${lines}</code>`);
  return {querySelectorAll: (selector: string) => root.querySelectorAll(selector).map((element) => ({textContent: browserText(element)}))};
}

describe('the code read back from the highlighted lines', () => {
  // A block the browser leaves as the server sent it (src/components/StaticContent) copies
  // the code its lines show: that must be the code, character for character.
  it('is the code of every fenced block of the pages, as its copy button copies it', () => {
    let blocks = 0;
    for (const file of listDocFiles()) {
      for (const block of parsePage(file).code) {
        if (block.language === 'mermaid' || block.code === '') continue;
        const metadata = codeBlockMetadata({code: `${block.code}\n`, className: block.language ? `language-${block.language}` : undefined, metastring: block.meta});
        const html = highlighter.toHtml(metadata.code, metadata.language, {lineClassNames: metadata.lineClassNames, lineNumbers: metadata.lineNumbersStart !== undefined});
        expect(codeOfLines(codeElement(html)), `${file}:${block.line}`).toBe(metadata.code);
        blocks += 1;
      }
    }
    expect(blocks).toBeGreaterThan(800);
    console.log(`code read back from the lines of ${blocks} fenced blocks`);
  });

  it('keeps empty lines, white space and escaped characters, with and without line numbers', () => {
    const code = 'if (a < b && c > "d") {\n\n\treturn \'&amp;\';\n  }\n';
    for (const lineNumbers of [false, true]) {
      expect(codeOfLines(codeElement(highlighter.toHtml(code, 'js', {lineNumbers})))).toBe(code);
    }
  });
});

describe('code block metadata (as the theme read it)', () => {
  it('reads the title, line numbers and a line range from the meta', () => {
    const metadata = codeBlockMetadata({code: 'a\nb\nc\n', className: 'language-JS', metastring: 'title="src/app.js" showLineNumbers=5 {1,3}'});
    expect(metadata).toMatchObject({code: 'a\nb\nc', language: 'js', className: 'language-JS language-js', title: 'src/app.js', lineNumbersStart: 5});
    expect(metadata.lineClassNames).toEqual({0: ['theme-code-block-highlighted-line'], 2: ['theme-code-block-highlighted-line']});
  });

  it('removes magic comments and highlights the lines they mark', () => {
    const code = ['a', '// highlight-next-line', 'b', '// highlight-start', 'c', 'd', '// highlight-end', 'e', ''].join('\n');
    const metadata = codeBlockMetadata({code, className: 'language-js'});
    expect(metadata.code).toBe('a\nb\nc\nd\ne');
    expect(Object.keys(metadata.lineClassNames)).toEqual(['1', '2', '3']);
  });

  it('falls back to text without a language', () => {
    expect(codeBlockMetadata({code: 'x'})).toMatchObject({language: 'text', className: 'language-text', title: '', lineNumbersStart: undefined});
  });
});

describe('rehype step', () => {
  it('turns a fenced block into highlighted lines plus the code to copy, and leaves inline code and diagrams alone', () => {
    const fence = (className: string, text: string, metastring?: string) => ({
      type: 'element',
      tagName: 'pre',
      children: [{type: 'element', tagName: 'code', properties: {className: [className], ...(metastring ? {metastring} : {})}, children: [{type: 'text', value: text}]}],
    });
    const inline = {type: 'element', tagName: 'code', properties: {}, children: [{type: 'text', value: 'x'}]};
    const tree = {type: 'root', children: [fence('language-bash', 'npm i x\n', 'title="Install"'), {type: 'element', tagName: 'p', children: [inline]}, fence('language-mermaid', 'flowchart LR\n')]};
    expect(highlightCodeBlocks(tree, {highlighter})).toBe(1);
    const code = (tree.children[0] as {children: Array<{properties: Record<string, unknown>; children: Array<{value: string}>}>}).children[0]!;
    expect(code.properties).toMatchObject({className: ['language-bash'], title: 'Install'});
    expect(code.properties.highlighted).toMatch(/^<div class="token-line">/);
    // A line break at the end keeps MDX from rendering a one-line block as inline code.
    expect(code.children[0]!.value).toBe('npm i x\n');
    expect(inline.properties).toEqual({});
    expect((tree.children[2] as {children: Array<{properties: Record<string, unknown>}>}).children[0]!.properties.highlighted).toBeUndefined();
  });
});
