/**
 * Code highlighting in Node, at build time: the same Prism (prism-react-renderer's, with the
 * site's extra grammars) and the same tokens as the theme's CodeBlock produced in the
 * browser, written as HTML. Colours are not inline styles of one theme: each token gets a
 * class per style property and value of the light theme and of the dark theme
 * (`cl3 cd1`), and `themeCss` writes the rules for both, so the right colours show from the
 * first paint in either mode, with no script.
 */
import {createRequire} from 'node:module';
import type {PrismTheme} from 'prism-react-renderer';
import {LINE_NUMBER_MARKERS} from './markers';

const nodeRequire = createRequire(__filename);

type PrismToken = string | {type: string; alias?: string | string[]; content: PrismToken | PrismToken[]};
interface PrismLike {
  languages: Record<string, unknown>;
  tokenize(code: string, grammar: unknown): PrismToken[];
  hooks: {run(name: string, env: object): void};
}
interface LineToken {
  types: string[];
  content: string;
  empty?: boolean;
}

let prism: PrismLike | null = null;
const loaded = new Set<string>();

/** prism-react-renderer's Prism, the one the theme used in the browser. */
function basePrism(): PrismLike {
  prism ??= (nodeRequire('prism-react-renderer') as {Prism: PrismLike}).Prism;
  return prism;
}

/**
 * Adds Prism grammars by name (as `themeConfig.prism.additionalLanguages`), each after the
 * grammars it requires. The grammar files register themselves on a global `Prism`.
 */
export function loadLanguages(names: readonly string[]): PrismLike {
  const instance = basePrism();
  const components = (nodeRequire('prismjs/components.json') as {languages: Record<string, {require?: string | string[]}>}).languages;
  const scope = globalThis as {Prism?: unknown};
  const before = scope.Prism;
  scope.Prism = instance;
  try {
    const load = (name: string): void => {
      if (loaded.has(name)) return;
      loaded.add(name);
      const requires = components[name]?.require;
      for (const dependency of typeof requires === 'string' ? [requires] : (requires ?? [])) {
        if (!instance.languages[dependency]) load(dependency);
      }
      nodeRequire(`prismjs/components/prism-${name}`);
    };
    names.forEach(load);
  } finally {
    if (before === undefined) delete scope.Prism;
    else scope.Prism = before;
  }
  return instance;
}

/** As prism-react-renderer's normalizeTokens: one array of flat tokens per line. */
export function tokenizeLines(code: string, language: string): LineToken[][] {
  const instance = basePrism();
  const grammar = instance.languages[language];
  const {normalizeTokens} = nodeRequire('prism-react-renderer') as {normalizeTokens: (tokens: PrismToken[]) => LineToken[][]};
  if (!grammar) return normalizeTokens([code]);
  const env = {code, grammar, language, tokens: [] as PrismToken[]};
  instance.hooks.run('before-tokenize', env);
  env.tokens = instance.tokenize(code, grammar);
  instance.hooks.run('after-tokenize', env);
  return normalizeTokens(env.tokens);
}

type Style = Record<string, string | number | undefined>;

/** prism-react-renderer's themeToDict: type → style (later theme entries win). */
function themeDictionary(theme: PrismTheme): Record<string, Style> {
  const dict: Record<string, Style> = {};
  for (const entry of theme.styles) {
    for (const type of entry.types) dict[type] = {...dict[type], ...(entry.style as Style)};
  }
  return dict;
}

const kebab = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** One theme's style values, each (property, value) pair with a class name. */
class ThemeClasses {
  private readonly dict: Record<string, Style>;
  private readonly plainColor: string | undefined;
  readonly pairs: Array<{property: string; value: string | number; className: string}> = [];

  constructor(readonly theme: PrismTheme, private readonly prefix: string) {
    this.dict = themeDictionary(theme);
    this.plainColor = theme.plain.color;
    // Every value a theme entry names gets its class up front, so the CSS does not depend on the pages.
    for (const entry of theme.styles) {
      for (const [property, value] of Object.entries(entry.style as Style)) if (value !== undefined) this.classFor(property, value);
    }
  }

  private classFor(property: string, value: string | number): string {
    let pair = this.pairs.find((candidate) => candidate.property === property && candidate.value === value);
    if (!pair) {
      pair = {property, value, className: `${this.prefix}${this.pairs.length}`};
      this.pairs.push(pair);
    }
    return pair.className;
  }

  /** The classes of a token with these types: its resolved style, as the theme's CodeBlock computed it. */
  classesOf(types: string[]): string[] {
    if (types.length === 1 && types[0] === 'plain') return [];
    const style: Style = Object.assign({}, ...types.map((type) => this.dict[type]));
    return Object.entries(style)
      .filter(([property, value]) => value !== undefined && !(property === 'color' && value === this.plainColor))
      .map(([property, value]) => this.classFor(property, value!));
  }

  css(scope: string): string[] {
    const background = this.theme.plain.backgroundColor;
    return [
      `${scope} .theme-code-block{--prism-color:${this.plainColor};--prism-background-color:${background}}`,
      ...this.pairs.map(({property, value, className}) => `${scope} .prism-code .${className}{${kebab(property)}:${value}}`),
    ];
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface MagicComment {
  className: string;
  line?: string;
  block?: {start: string; end: string};
}


export class CodeHighlighter {
  private readonly light: ThemeClasses;
  private readonly dark: ThemeClasses;

  constructor(lightTheme: PrismTheme, darkTheme: PrismTheme, additionalLanguages: readonly string[] = []) {
    loadLanguages(additionalLanguages);
    this.light = new ThemeClasses(lightTheme, 'cl');
    this.dark = new ThemeClasses(darkTheme, 'cd');
  }

  /**
   * The inside of a code block's <code>: one `div.token-line` per line, as the theme's
   * CodeBlock renders them, with the classes of `lineClassNames` (magic comments, {1,3-4})
   * and, with line numbers, the number and content cells.
   */
  toHtml(code: string, language: string, options: {lineClassNames?: Record<number, string[]>; lineNumbers?: boolean} = {}): string {
    const lines = tokenizeLines(code, language);
    return lines
      .map((line, index) => {
        const tokens = line
          .filter((token) => token.content !== '' && !(token.empty && token.content === '\n'))
          .map((token) => {
            const classes = [...this.light.classesOf(token.types), ...this.dark.classesOf(token.types)];
            const text = escapeHtml(token.content);
            return classes.length > 0 ? `<span class="${classes.join(' ')}">${text}</span>` : text;
          })
          .join('');
        const classNames = ['token-line', ...(options.lineClassNames?.[index] ?? []), ...(options.lineNumbers ? [LINE_NUMBER_MARKERS.line] : [])];
        const body = options.lineNumbers ? `<span class="${LINE_NUMBER_MARKERS.number}"></span><span class="${LINE_NUMBER_MARKERS.content}">${tokens}</span>` : tokens;
        return `<div class="${classNames.join(' ')}">${body}<br></div>`;
      })
      .join('');
  }

  /**
   * Both themes' rules. The light theme applies unless the page is in dark mode (also before
   * the colour-mode script has run, and without script), the dark theme only in dark mode.
   */
  themeCss(): string {
    return [
      ...this.light.css(":root:not([data-theme='dark'])"),
      ...this.dark.css(":root[data-theme='dark']"),
      // The theme's CodeBlock set the text colour on <pre> inline; the variable does it here.
      '.theme-code-block pre.prism-code{color:var(--prism-color)}',
      '',
    ].join('\n');
  }
}
