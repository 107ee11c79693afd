import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {compile} from '@mdx-js/mdx';
import {afterAll, describe, expect, it} from 'vitest';
import remarkDiagrams, {DIAGRAM_THEMES, diagramAlt, diagramFile, diagramKey, svgSize} from './index';
import {committedDrawings, diagramsInDocs, drawingStatus, standaloneSvg, STATIC_DIR} from '../../scripts/images/diagrams';

const SOURCE = 'sequenceDiagram\n    participant B as Browser\n    B->>B: Sign in';
const drawing = (width: number, height: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><text>x</text></svg>\n`;

/** A static/ folder holding the drawings of SOURCE only. */
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
fs.mkdirSync(path.join(staticDir, 'diagrams'));
for (const theme of DIAGRAM_THEMES) fs.writeFileSync(path.join(staticDir, diagramFile(diagramKey(SOURCE), theme)), drawing(theme === 'light' ? 321.5 : 322, 200));
afterAll(() => fs.rmSync(staticDir, {recursive: true, force: true}));

async function compilePage(markdown: string, format: 'md' | 'mdx' = 'md', baseUrl = '/'): Promise<string> {
  const output = await compile({value: markdown, path: '/site/docs/page.md'}, {format, remarkPlugins: [[remarkDiagrams, {staticDir, baseUrl}]]});
  return String(output);
}

describe('diagram keys and alt text', () => {
  it('name a diagram by its source, not by trailing spaces or blank edge lines', () => {
    expect(diagramKey(`\n${SOURCE.replace('Browser', 'Browser   ')}\n\n`)).toBe(diagramKey(SOURCE));
    expect(diagramKey(SOURCE.replace('Sign in', 'Sign out'))).not.toBe(diagramKey(SOURCE));
    expect(diagramKey(SOURCE)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('read the alt text from the fence meta', () => {
    expect(diagramAlt('alt="The browser signs in."')).toBe('The browser signs in.');
    expect(diagramAlt("title=\"x\" alt='Single quotes work too.'")).toBe('Single quotes work too.');
    expect(diagramAlt('alt=""')).toBeUndefined();
    expect(diagramAlt(null)).toBeUndefined();
    expect(diagramAlt('salt="no"')).toBeUndefined();
  });

  it('make drawings standalone SVG files with their own size', () => {
    const svg = standaloneSvg('<svg id="d" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 412.5px; background-color: white;" viewBox="-50 -10 412.5 230"><g/></svg>');
    expect(svg).toBe('<svg width="413" height="230" id="d" xmlns="http://www.w3.org/2000/svg" style="background-color: white;" viewBox="-50 -10 412.5 230"><g/></svg>\n');
    expect(svgSize(svg)).toEqual({width: 413, height: 230});
    expect(() => standaloneSvg('<div/>')).toThrow(/no <svg>/);
  });
});

describe('remark plugin', () => {
  it('replaces a Mermaid block with a figure of both drawings, in Markdown and MDX pages', async () => {
    for (const format of ['md', 'mdx'] as const) {
      const code = await compilePage(`Text.\n\n\`\`\`mermaid alt="The browser signs in."\n${SOURCE}\n\`\`\`\n`, format, '/docs/');
      const key = diagramKey(SOURCE);
      expect(code).toContain(`"/docs/diagrams/${key}-light.svg"`);
      expect(code).toContain(`"/docs/diagrams/${key}-dark.svg"`);
      expect(code).toContain('"The browser signs in."');
      expect(code).toMatch(/width: "322",\s*height: "200"/);
      expect(code).toContain('"diagram__image diagram__image--dark"');
      expect(code).toContain(`"data-diagram": "${key}"`);
      // The page's chunk carries no diagram source and nothing for a diagram engine.
      expect(code).not.toMatch(/sequenceDiagram|mermaid/i);
    }
  });

  it('leaves other code blocks alone', async () => {
    expect(await compilePage('```js\nconst mermaid = 1;\n```\n')).toContain('const mermaid = 1;');
  });

  it('fails the build on a diagram with no drawing for its source, naming the page and the command', async () => {
    await expect(compilePage(`\`\`\`mermaid alt="Changed."\n${SOURCE}\n    B->>B: Sign out\n\`\`\`\n`)).rejects.toThrow(
      /page\.md, the diagram that starts "sequenceDiagram": no drawing .*diagrams\/[0-9a-f]{16}-light\.svg for its current source\. Run "npm run diagrams:render"/,
    );
  });

  it('fails the build on a diagram with no text alternative', async () => {
    await expect(compilePage(`\`\`\`mermaid\n${SOURCE}\n\`\`\`\n`)).rejects.toThrow(/no text alternative.*```mermaid alt="…"/);
  });
});

describe('the drawings in static/diagrams/', () => {
  const uses = diagramsInDocs();
  const drawings = committedDrawings();

  it('exist for the current source of every diagram in docs/ (stale check: run "npm run diagrams:render")', () => {
    expect(uses.length).toBeGreaterThan(30);
    const {missing} = drawingStatus(uses, drawings);
    expect(missing.map((use) => `${use.file}:${use.line} has no drawing for its current source; run "npm run diagrams:render"`)).toEqual([]);
  });

  it('are all used by some diagram (orphans: run "npm run diagrams:render", which deletes them)', () => {
    expect(drawingStatus(uses, drawings).orphaned).toEqual([]);
  });

  it('go stale when a diagram source changes: the changed diagram is missing and its old drawings orphaned', () => {
    const [first] = uses;
    const changed = {...first!, key: diagramKey(`${first!.source}\n%% edited`)};
    const others = uses.filter((use) => use.key !== first!.key);
    const status = drawingStatus([changed, ...others], drawings);
    expect(status.missing).toEqual([changed]);
    expect(status.orphaned).toEqual(DIAGRAM_THEMES.map((theme) => path.basename(diagramFile(first!.key, theme))).sort());
  });

  it('each have a text alternative written for them', () => {
    const poor = uses.filter((use) => !use.alt || use.alt.split(/\s+/).length < 6 || /^(a |the )?(diagram|image|figure|chart)\.?$/i.test(use.alt));
    expect(poor.map((use) => `${use.file}:${use.line}: write what the diagram shows in its fence, \`\`\`mermaid alt="…"`)).toEqual([]);
  });

  it('are standalone SVG images with a size, text as SVG text, and nothing that runs', () => {
    for (const name of drawings) {
      const svg = fs.readFileSync(path.join(STATIC_DIR, 'diagrams', name), 'utf8');
      expect(svg.startsWith('<svg '), name).toBe(true);
      expect(svg, name).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svgSize(svg), name).toBeDefined();
      expect(svg, name).not.toMatch(/<script|<foreignObject|\son[a-z]+=/i);
    }
  });
});
