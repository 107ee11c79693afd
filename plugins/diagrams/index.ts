/**
 * Diagrams drawn ahead of time. Pages write diagrams as Mermaid (```mermaid alt="…"), and the
 * reader's browser runs no diagram engine: `npm run diagrams:render` (scripts/images/diagrams.ts)
 * draws every diagram in Chromium, once per colour mode, into committed SVG files named by a
 * hash of the diagram's source, and this remark plugin replaces each Mermaid block with a
 * figure of the two images, switched by the colour mode in CSS (src/css/custom.css).
 *
 * Why images of committed files, not inline SVG or drawing during the build:
 * - An inline SVG would be part of the page's React tree, so its markup would also ship in
 *   the page's JavaScript chunk for hydration (two renderings, 5–20 KB gzip per diagram); an
 *   `<img>` costs the chunk a few attributes, and the files are cached and precached for
 *   offline reading like any image. The price: text inside an image cannot be selected or
 *   found with the browser's find; the written alternative (`alt`) is in the HTML, and the
 *   Mermaid source stays in the page's Markdown twin and in llms-full.txt.
 * - Drawing needs a browser; `npm ci && npm start` must work on a machine without one, and a
 *   build that draws only where Chromium happens to exist would ship different pages from
 *   different machines. So the drawings are committed, the build only reads them, and a
 *   missing one (a diagram whose source changed) fails the build with the page's name;
 *   plugins/diagrams/diagrams.test.ts fails on stale and orphaned drawings too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Folder of the drawings, under static/ (and so under the site's root once built). */
export const DIAGRAM_DIR = 'diagrams';
export const DIAGRAM_THEMES = ['light', 'dark'] as const;
export type DiagramTheme = (typeof DIAGRAM_THEMES)[number];
export const RENDER_COMMAND = 'npm run diagrams:render';

/** The diagram as drawn: trailing spaces and blank first and last lines do not count. */
export function normaliseSource(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

/** Names a diagram's drawings: the first 16 hex digits of the SHA-256 of its source. */
export function diagramKey(source: string): string {
  return crypto.createHash('sha256').update(normaliseSource(source)).digest('hex').slice(0, 16);
}

/** A drawing's path under static/ (and under the site's base URL). */
export function diagramFile(key: string, theme: DiagramTheme): string {
  return `${DIAGRAM_DIR}/${key}-${theme}.svg`;
}

/** The text alternative written in the fence's meta: ```mermaid alt="…". */
export function diagramAlt(meta: string | null | undefined): string | undefined {
  const match = /(?:^|\s)alt=(?:"([^"]*)"|'([^']*)')/.exec(meta ?? '');
  const alt = (match?.[1] ?? match?.[2])?.trim();
  return alt ? alt : undefined;
}

/** Width and height of a drawing, from its root element. */
export function svgSize(svg: string): {width: number; height: number} | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  const width = Number(/\swidth="([\d.]+)"/.exec(root ?? '')?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(root ?? '')?.[1]);
  return width > 0 && height > 0 ? {width, height} : undefined;
}

export interface RemarkDiagramsOptions {
  /** The folder that holds DIAGRAM_DIR (the site's static/). */
  staticDir: string;
  /** The site's base URL, e.g. `/` or `/docs/`. */
  baseUrl: string;
}

interface MdastNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdastNode[];
  data?: Record<string, unknown>;
}

interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastElement[];
}

function where(filePath: string | undefined, source: string): string {
  const page = filePath ? path.relative(process.cwd(), filePath) : 'a page';
  return `${page}, the diagram that starts "${normaliseSource(source).split('\n')[0]}"`;
}

/** The figure that stands for one Mermaid block: one image per colour mode, with the block's alt text. */
export function diagramFigure(node: MdastNode, options: RemarkDiagramsOptions, filePath?: string): MdastNode {
  const source = node.value ?? '';
  const alt = diagramAlt(node.meta);
  if (!alt) {
    throw new Error(`[diagrams] ${where(filePath, source)}: no text alternative. Write what the diagram shows in its fence: \`\`\`mermaid alt="…"`);
  }
  const key = diagramKey(source);
  const images = DIAGRAM_THEMES.map((theme): HastElement => {
    const file = path.join(options.staticDir, diagramFile(key, theme));
    if (!fs.existsSync(file)) {
      throw new Error(`[diagrams] ${where(filePath, source)}: no drawing ${path.relative(process.cwd(), file)} for its current source. Run "${RENDER_COMMAND}" and commit static/${DIAGRAM_DIR}/.`);
    }
    const size = svgSize(fs.readFileSync(file, 'utf8'));
    if (!size) throw new Error(`[diagrams] ${file} has no width and height on its root element; run "${RENDER_COMMAND}" again.`);
    return {
      type: 'element',
      tagName: 'img',
      properties: {
        src: `${options.baseUrl}${diagramFile(key, theme)}`,
        alt,
        width: Math.ceil(size.width),
        height: Math.ceil(size.height),
        className: ['diagram__image', `diagram__image--${theme}`],
      },
      children: [],
    };
  });
  return {
    type: 'diagram',
    data: {hName: 'figure', hProperties: {className: ['diagram'], dataDiagram: key}, hChildren: images},
  };
}

function replaceDiagrams(node: MdastNode, options: RemarkDiagramsOptions, filePath?: string): void {
  node.children?.forEach((child, index) => {
    if (child.type === 'code' && child.lang === 'mermaid') node.children![index] = diagramFigure(child, options, filePath);
    else replaceDiagrams(child, options, filePath);
  });
}

/** Remark plugin for the docs: every ```mermaid block becomes its drawn figure. */
export default function remarkDiagrams(options: RemarkDiagramsOptions) {
  return (tree: MdastNode, file: {path?: string}) => replaceDiagrams(tree, options, file.path);
}
