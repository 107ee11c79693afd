/**
 * npm run diagrams:render: draws every Mermaid diagram of docs/ in Chromium, once in each
 * colour mode, and saves the drawings as static/diagrams/<hash of the source>-light.svg and
 * -dark.svg; drawings no page uses any more are deleted. The drawings are committed, so
 * builds need no browser (plugins/diagrams explains the choice); run this after adding or
 * changing a diagram. `--check` draws nothing and lists what is missing or orphaned.
 */
import fs from 'node:fs';
import path from 'node:path';
import {chromium, type Page} from 'playwright-core';
import {repoRoot} from '../../config/paths';
import {listDocFiles, parsePage} from '../content/pages';
import {DIAGRAM_DIR, DIAGRAM_THEMES, diagramAlt, diagramFile, diagramKey, normaliseSource, svgSize, type DiagramTheme} from '../../plugins/diagrams';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MERMAID_BUNDLE = path.join(repoRoot, 'node_modules/mermaid/dist/mermaid.min.js');
export const STATIC_DIR = path.join(repoRoot, 'static');

/** The site's own font stack (src/css/custom.css): the reader's browser draws the text of an SVG image with its fonts. */
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Mermaid's built-in themes, as the site used them when diagrams were drawn in the browser. */
const MERMAID_THEMES: Record<DiagramTheme, string> = {light: 'neutral', dark: 'dark'};

/**
 * Edge labels drawn as SVG text sit on a half-transparent box, so the line they label runs
 * through the words; an opaque box of the page's background keeps them legible (#ccc on the
 * dark page is 10:1; Mermaid's own dark label box gave just under 4.5:1).
 */
const THEME_CSS: Record<DiagramTheme, string> = {
  light: '.edgeLabel rect { opacity: 1 !important; fill: #ffffff !important; }',
  dark: '.edgeLabel rect { opacity: 1 !important; fill: #1b1b1d !important; }',
};

export interface DiagramUse {
  /** The page's file, relative to the repository. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  key: string;
  source: string;
  alt: string | undefined;
}

/** Every Mermaid block of the hand-written pages, in page order. */
export function diagramsInDocs(): DiagramUse[] {
  return listDocFiles().flatMap((file) =>
    parsePage(file)
      .code.filter((block) => block.language === 'mermaid')
      .map((block) => ({file: path.relative(repoRoot, file), line: block.line, key: diagramKey(block.code), source: normaliseSource(block.code), alt: diagramAlt(block.meta)})),
  );
}

/** The drawings static/diagrams/ holds, by file name. */
export function committedDrawings(staticDir = STATIC_DIR): string[] {
  const dir = path.join(staticDir, DIAGRAM_DIR);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.svg')).sort() : [];
}

export interface DrawingStatus {
  /** Diagrams with no drawing for their current source (new or changed). */
  missing: DiagramUse[];
  /** Drawings no diagram uses (its source changed or the diagram was removed). */
  orphaned: string[];
}

export function drawingStatus(uses: DiagramUse[], drawings: string[]): DrawingStatus {
  const present = new Set(drawings);
  const wanted = new Set(uses.flatMap((use) => DIAGRAM_THEMES.map((theme) => path.basename(diagramFile(use.key, theme)))));
  return {
    missing: uses.filter((use) => DIAGRAM_THEMES.some((theme) => !present.has(path.basename(diagramFile(use.key, theme))))),
    orphaned: drawings.filter((name) => !wanted.has(name)),
  };
}

/**
 * Mermaid draws into the page and returns HTML-serialised markup; a standalone SVG file must
 * be XML, with a size of its own rather than "100%" of a container.
 */
export function standaloneSvg(markup: string): string {
  const root = /<svg\b[^>]*>/.exec(markup)?.[0];
  if (!root) throw new Error('the renderer returned no <svg> element');
  const viewBox = /\sviewBox="([^"]+)"/.exec(root)?.[1]?.split(/[\s,]+/).map(Number);
  if (!viewBox || viewBox.length !== 4 || viewBox.some((value) => !Number.isFinite(value))) throw new Error(`the drawing has no usable viewBox: ${root}`);
  const [, , width, height] = viewBox as [number, number, number, number];
  const sized = root
    .replace(/\s(width|height)="[^"]*"/g, '')
    .replace(/\sstyle="[^"]*"/, (style) => style.replace(/max-width:\s*[\d.]+px;?\s*/, ''))
    .replace(/\sstyle=""/, '')
    .replace(/^<svg\b/, `<svg width="${Math.ceil(width)}" height="${Math.ceil(height)}"`);
  return `${markup.replace(root, sized).trim()}\n`;
}

declare const mermaid: {
  initialize(config: Record<string, unknown>): void;
  render(id: string, source: string): Promise<{svg: string}>;
};

async function draw(page: Page, theme: DiagramTheme, key: string, source: string): Promise<string> {
  const config = {
    startOnLoad: false,
    theme: MERMAID_THEMES[theme],
    securityLevel: 'strict',
    // The same source draws the same file: fixed ids, and a fixed seed for the shapes Mermaid
    // draws with rough.js (which picks a random one otherwise).
    deterministicIds: true,
    deterministicIDSeed: key,
    handDrawnSeed: 1,
    fontFamily: FONT_FAMILY,
    themeVariables: {fontFamily: FONT_FAMILY},
    themeCSS: THEME_CSS[theme],
    // Labels as SVG text, not HTML in <foreignObject>: an SVG image draws it everywhere.
    htmlLabels: false,
    flowchart: {htmlLabels: false},
    state: {htmlLabels: false},
  };
  const markup = await page.evaluate(
    async ({config, id, source}) => {
      mermaid.initialize(config);
      const {svg} = await mermaid.render(id, source);
      const holder = document.createElement('div');
      holder.innerHTML = svg;
      const element = holder.querySelector('svg');
      if (!element) throw new Error('no <svg> in the rendering');
      return new XMLSerializer().serializeToString(element);
    },
    {config, id: `diagram-${key}`, source},
  );
  return standaloneSvg(markup);
}

/** Loads a drawing as an image, as pages do, and returns its natural size (0 × 0 if it does not decode). */
async function decodedSize(page: Page, svg: string): Promise<{width: number; height: number}> {
  return page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      return {width: 0, height: 0};
    }
    return {width: image.naturalWidth, height: image.naturalHeight};
  }, `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
}

async function render(): Promise<void> {
  const uses = diagramsInDocs();
  const unique = new Map(uses.map((use) => [use.key, use]));
  const outDir = path.join(STATIC_DIR, DIAGRAM_DIR);
  fs.mkdirSync(outDir, {recursive: true});
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({path: MERMAID_BUNDLE});
    for (const [key, use] of unique) {
      for (const theme of DIAGRAM_THEMES) {
        let svg: string;
        try {
          svg = await draw(page, theme, key, use.source);
        } catch (error) {
          throw new Error(`${use.file}:${use.line}: Mermaid cannot draw this diagram: ${(error as Error).message}`);
        }
        const size = svgSize(svg);
        const decoded = await decodedSize(page, svg);
        if (!size || decoded.width !== size.width || decoded.height !== size.height) {
          throw new Error(`${use.file}:${use.line}: the ${theme} drawing does not load as an image (${decoded.width}×${decoded.height})`);
        }
        const file = path.join(STATIC_DIR, diagramFile(key, theme));
        const changed = !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== svg;
        fs.writeFileSync(file, svg);
        if (changed) console.log(`[diagrams] ${path.relative(repoRoot, file)} ${size.width}×${size.height} (${(svg.length / 1024).toFixed(1)} KB) for ${use.file}:${use.line}`);
      }
    }
  } finally {
    await browser.close();
  }
  for (const orphan of drawingStatus(uses, committedDrawings()).orphaned) {
    fs.rmSync(path.join(outDir, orphan));
    console.log(`[diagrams] removed ${DIAGRAM_DIR}/${orphan}: no page draws it any more`);
  }
  const withoutAlt = uses.filter((use) => !use.alt);
  console.log(`[diagrams] ${uses.length} diagrams on ${new Set(uses.map((use) => use.file)).size} pages, ${unique.size} distinct, drawn in ${DIAGRAM_THEMES.join(' and ')} into static/${DIAGRAM_DIR}/`);
  for (const use of withoutAlt) console.log(`[diagrams] ${use.file}:${use.line} has no text alternative: write what it shows in its fence, \`\`\`mermaid alt="…"`);
}

function check(): void {
  const {missing, orphaned} = drawingStatus(diagramsInDocs(), committedDrawings());
  for (const use of missing) console.log(`missing: ${use.file}:${use.line} (${use.key})`);
  for (const name of orphaned) console.log(`orphaned: ${DIAGRAM_DIR}/${name}`);
  if (missing.length > 0 || orphaned.length > 0) process.exitCode = 1;
  else console.log('[diagrams] every diagram has its drawings, and every drawing is used');
}

if (require.main === module) {
  if (process.argv.includes('--check')) check();
  else
    render().catch((error: unknown) => {
      console.error(`[diagrams] ${(error as Error).message}`);
      process.exit(1);
    });
}
