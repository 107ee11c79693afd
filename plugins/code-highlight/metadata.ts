/**
 * What the theme's CodeBlock reads from a fenced block before highlighting it: the language,
 * the title (`title="…"`), line numbers (`showLineNumbers`, `showLineNumbers=5`) and the lines
 * to highlight, from a `{1,3-4}` range or from magic comments (`// highlight-next-line`,
 * `highlight-start` … `highlight-end`, removed from the code). A port of
 * @docusaurus/theme-common's createCodeBlockMetadata (lib/utils/codeBlockUtils.js, 3.10),
 * which ships as JSX and cannot be loaded in Node; the tests hold the two to the same results.
 */
import rangeParser from 'parse-numeric-range';
import type {MagicComment} from './highlight';

/** Docusaurus's default `themeConfig.prism.magicComments`. */
export const DEFAULT_MAGIC_COMMENTS: MagicComment[] = [
  {className: 'theme-code-block-highlighted-line', line: 'highlight-next-line', block: {start: 'highlight-start', end: 'highlight-end'}},
];

const codeBlockTitleRegex = /title=(?<quote>["'])(?<title>.*?)\1/;
const metastringLinesRangeRegex = /\{(?<range>[\d,-]+)\}/;

const commentPatterns: Record<string, {start: string; end: string}> = {
  js: {start: '\\/\\/', end: ''},
  jsBlock: {start: '\\/\\*', end: '\\*\\/'},
  jsx: {start: '\\{\\s*\\/\\*', end: '\\*\\/\\s*\\}'},
  bash: {start: '#', end: ''},
  html: {start: '<!--', end: '-->'},
  lua: {start: '--', end: ''},
  wasm: {start: '\\;\\;', end: ''},
  tex: {start: '%', end: ''},
  vb: {start: "['‘’]", end: ''},
  vbnet: {start: "(?:_\\s*)?['‘’]", end: ''},
  rem: {start: '[Rr][Ee][Mm]\\b', end: ''},
  f90: {start: '!', end: ''},
  ml: {start: '\\(\\*', end: '\\*\\)'},
  cobol: {start: '\\*>', end: ''},
};
const popularCommentTypes = ['js', 'jsBlock', 'jsx', 'bash', 'html'];

function commentPattern(languages: string[], magicComments: MagicComment[]): RegExp {
  const directives = magicComments.flatMap((comment) => [comment.line, comment.block?.start, comment.block?.end].filter(Boolean)).join('|');
  const pattern = languages.map((language) => `(?:${commentPatterns[language]!.start}\\s*(${directives})\\s*${commentPatterns[language]!.end})`).join('|');
  return new RegExp(`^\\s*(?:${pattern})\\s*$`);
}

function directiveRegex(language: string, magicComments: MagicComment[]): RegExp {
  const styles: Record<string, string[]> = {
    js: ['js', 'jsBlock'], javascript: ['js', 'jsBlock'], ts: ['js', 'jsBlock'], typescript: ['js', 'jsBlock'],
    jsx: ['js', 'jsBlock', 'jsx'], tsx: ['js', 'jsBlock', 'jsx'],
    html: ['js', 'jsBlock', 'html'],
    python: ['bash'], py: ['bash'], bash: ['bash'],
    markdown: ['html', 'jsx', 'bash'], md: ['html', 'jsx', 'bash'],
    tex: ['tex'], latex: ['tex'], matlab: ['tex'],
    lua: ['lua'], haskell: ['lua'],
    sql: ['lua', 'jsBlock'],
    wasm: ['wasm'],
    vb: ['vb', 'rem'], vba: ['vb', 'rem'], 'visual-basic': ['vb', 'rem'],
    vbnet: ['vbnet', 'rem'],
    batch: ['rem'],
    basic: ['rem', 'f90'],
    fsharp: ['js', 'ml'],
    ocaml: ['ml'], sml: ['ml'],
    fortran: ['f90'],
    cobol: ['cobol'],
  };
  return commentPattern(styles[language] ?? popularCommentTypes, magicComments);
}

function linesFromMetastring(code: string, metastring: string | undefined, magicComments: MagicComment[]) {
  const range = metastring ? metastringLinesRangeRegex.exec(metastring)?.groups?.range : undefined;
  if (range === undefined) return null;
  if (magicComments.length === 0) throw new Error(`A highlight range has been given in code block's metastring (\`\`\` ${metastring}), but no magic comment config is available.`);
  const className = magicComments[0]!.className;
  const lineClassNames: Record<number, string[]> = {};
  for (const line of rangeParser(range).filter((number) => number > 0)) lineClassNames[line - 1] = [className];
  return {lineClassNames, code};
}

function linesFromContent(code: string, language: string, magicComments: MagicComment[]) {
  const regex = directiveRegex(language, magicComments);
  const lines = code.split(/\r?\n/);
  const blocks = Object.fromEntries(magicComments.map((comment) => [comment.className, {start: 0, range: ''}]));
  const lineToClassName = Object.fromEntries(magicComments.filter((comment) => comment.line).map((comment) => [comment.line!, comment.className]));
  const blockStartToClassName = Object.fromEntries(magicComments.filter((comment) => comment.block).map((comment) => [comment.block!.start, comment.className]));
  const blockEndToClassName = Object.fromEntries(magicComments.filter((comment) => comment.block).map((comment) => [comment.block!.end, comment.className]));
  for (let lineNumber = 0; lineNumber < lines.length; ) {
    const match = regex.exec(lines[lineNumber]!);
    if (!match) {
      lineNumber += 1;
      continue;
    }
    const directive = match.slice(1).find((item) => item !== undefined)!;
    if (lineToClassName[directive]) blocks[lineToClassName[directive]]!.range += `${lineNumber},`;
    else if (blockStartToClassName[directive]) blocks[blockStartToClassName[directive]]!.start = lineNumber;
    else if (blockEndToClassName[directive]) {
      const block = blocks[blockEndToClassName[directive]]!;
      block.range += `${block.start}-${lineNumber - 1},`;
    }
    lines.splice(lineNumber, 1);
  }
  const lineClassNames: Record<number, string[]> = {};
  for (const [className, {range}] of Object.entries(blocks)) {
    for (const line of rangeParser(range)) (lineClassNames[line] ??= []).push(className);
  }
  return {code: lines.join('\n'), lineClassNames};
}

export interface CodeBlockMetadata {
  /** The code as shown and copied: last line break and magic comments removed. */
  code: string;
  /** The block's classes, always with `language-<language>`. */
  className: string;
  language: string;
  title: string;
  lineNumbersStart: number | undefined;
  lineClassNames: Record<number, string[]>;
}

export function codeBlockMetadata(params: {code: string; className?: string; metastring?: string; magicComments?: MagicComment[]; defaultLanguage?: string}): CodeBlockMetadata {
  const magicComments = params.magicComments ?? DEFAULT_MAGIC_COMMENTS;
  const fromClass = params.className?.split(' ').find((name) => name.startsWith('language-'))?.replace(/language-/, '');
  const language = (fromClass ?? params.defaultLanguage)?.toLowerCase() ?? 'text';
  const trimmed = params.code.replace(/\r?\n$/, '');
  const {code, lineClassNames} = linesFromMetastring(trimmed, params.metastring, magicComments) ?? linesFromContent(trimmed, language, magicComments);
  const className = [params.className, !params.className?.includes(`language-${language}`) && `language-${language}`].filter(Boolean).join(' ');
  const title = params.metastring ? (codeBlockTitleRegex.exec(params.metastring)?.groups?.title ?? '') : '';
  const numbers = params.metastring?.split(' ').find((part) => part.startsWith('showLineNumbers'));
  const lineNumbersStart = numbers === undefined ? undefined : numbers.startsWith('showLineNumbers=') ? parseInt(numbers.replace('showLineNumbers=', ''), 10) : 1;
  return {code, className, language, title, lineNumbersStart, lineClassNames};
}
