/**
 * JS/TS samples compiled against the real SDKs. Every JavaScript, TypeScript, JSX and TSX block
 * on a hand-written page is type-checked as its own module against the Unleash packages pinned
 * in package.json (unleash-client, unleash-proxy-client, @unleash/proxy-client-react,
 * @unleash/nextjs, @unleash/proxy-client-vue, unleash-server): an import, option, hook, method
 * or event name that the package's types do not have fails.
 *
 * - A page's front matter `sample_prelude` holds TypeScript declarations for the names its
 *   fragments assume (`declare const userId: string;`); it is checked with each sample.
 * - Imports of an Unleash package must resolve to the installed package. Other packages
 *   resolve to their types when installed (react, express, node) and to `any` otherwise.
 * - A sample opts out only with fence meta `no-typecheck="<reason>"`; the reason is reported.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {listDocFiles, parsePage, repoRoot, type CodeBlock} from '../content/pages';

const EXTENSIONS: Record<string, string> = {js: 'js', javascript: 'js', mjs: 'mjs', jsx: 'jsx', ts: 'ts', typescript: 'ts', tsx: 'tsx'};

/** The Unleash packages samples are held to, by import specifier prefix. */
export const UNLEASH_PACKAGES = ['unleash-client', 'unleash-proxy-client', '@unleash/proxy-client-react', '@unleash/nextjs', '@unleash/proxy-client-vue', 'unleash-server'];

export interface Sample {
  page: string;
  route: string;
  line: number;
  extension: string;
  code: string;
  prelude: string;
  optOut?: string;
}

export interface SampleResult {
  sample: Sample;
  /** The Unleash packages it imports. */
  packages: string[];
  problems: string[];
}

export function optOutReason(meta: string): string | undefined {
  const match = /\bno-typecheck=(?:"([^"]*)"|'([^']*)')/.exec(meta);
  if (!match) return /\bno-typecheck\b/.test(meta) ? '' : undefined;
  return (match[1] ?? match[2] ?? '').trim();
}

export function collectSamples(files = listDocFiles()): Sample[] {
  return files.flatMap((file) => {
    const page = parsePage(file);
    const prelude = typeof page.frontMatter.sample_prelude === 'string' ? page.frontMatter.sample_prelude : '';
    return page.code
      .filter((block: CodeBlock) => block.language.toLowerCase() in EXTENSIONS)
      .map((block) => ({
        page: path.relative(repoRoot, file),
        route: page.route,
        line: block.line,
        extension: EXTENSIONS[block.language.toLowerCase()]!,
        code: block.code,
        prelude,
        optOut: optOutReason(block.meta),
      }));
  });
}

export function unleashPackageOf(specifier: string): string | undefined {
  return UNLEASH_PACKAGES.find((name) => specifier === name || specifier.startsWith(`${name}/`));
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  jsx: ts.JsxEmit.ReactJSX,
  allowJs: true,
  checkJs: true,
  strict: false,
  noImplicitAny: false,
  skipLibCheck: true,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  resolveJsonModule: true,
  noEmit: true,
  types: ['node'],
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  baseUrl: repoRoot,
};

/**
 * What a sample may assume of its surroundings beyond the packages: modules that are not
 * installed are loose (see looseModule), and bundlers' `import.meta.env` exists.
 */
const ENVIRONMENT = `declare module '*';\ninterface ImportMeta { readonly env: Record<string, string | undefined> }\ninterface AnyExport { <A = any, B = any, C = any>(...args: any[]): any; new <A = any, B = any, C = any>(...args: any[]): any; [key: string]: any }\n`;

/**
 * A module that is not installed (and is not Unleash's): each name the sample imports from it
 * is anything, as a value (callable, constructible, with type arguments) and as a type.
 */
function looseModule(specifier: string, names: Set<string>): string {
  const members = [...names].map((name) => `  export const ${name}: AnyExport;\n  export type ${name}<A = any, B = any, C = any> = any;`);
  return `declare module ${JSON.stringify(specifier)} {\n${members.join('\n')}\n  const defaultExport: AnyExport;\n  export default defaultExport;\n}\n`;
}

function importedNames(file: ts.SourceFile): Map<string, Set<string>> {
  const modules = new Map<string, Set<string>>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const names = modules.get(statement.moduleSpecifier.text) ?? new Set<string>();
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add((element.propertyName ?? element.name).text);
    modules.set(statement.moduleSpecifier.text, names);
  }
  return modules;
}

const VIRTUAL_ROOT = path.join(repoRoot, '.samples');

/** Source files of node_modules and the TypeScript libs, parsed once for every program. */
const sourceCache = new Map<string, ts.SourceFile>();

function createHost(virtual: Map<string, string>): ts.CompilerHost {
  const host = ts.createCompilerHost(COMPILER_OPTIONS, true);
  const readFile = host.readFile.bind(host);
  host.fileExists = (name) => virtual.has(name) || ts.sys.fileExists(name);
  host.readFile = (name) => virtual.get(name) ?? readFile(name);
  host.getSourceFile = (name, languageVersion) => {
    const text = virtual.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, languageVersion, true);
    const cached = sourceCache.get(name);
    if (cached) return cached;
    const content = ts.sys.readFile(name);
    if (content === undefined) return undefined;
    const file = ts.createSourceFile(name, content, languageVersion, true);
    sourceCache.set(name, file);
    return file;
  };
  host.getCurrentDirectory = () => repoRoot;
  return host;
}

function message(diagnostic: ts.Diagnostic, lineOffset: number, sample: Sample): string {
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  if (!diagnostic.file || diagnostic.start === undefined) return text;
  const {line} = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  // Lines of the sample start one below the fence.
  return `${sample.page}:${sample.line + 1 + line - lineOffset}: ${text}`;
}

/**
 * Type-checks samples together in one program, each its own module. A page's prelude declares
 * global names, so pages with a prelude get a program of their own; pages without one share a
 * program (one program per page was five times slower, almost all of it spent on the libs).
 */
function checkGroup(samples: Sample[]): SampleResult[] {
  const virtual = new Map<string, string>();
  const slugOf = (route: string) => route.replace(/[^\w]+/g, '_') || 'root';
  const slug = samples.every((sample) => sample.route === samples[0]!.route) ? slugOf(samples[0]!.route) : 'shared';
  const loose = new Map<string, Set<string>>();
  for (const sample of samples) {
    const parsed = ts.createSourceFile(`x.${sample.extension}`, sample.code, ts.ScriptTarget.Latest, false);
    for (const [specifier, names] of importedNames(parsed)) {
      if (unleashPackageOf(specifier)) continue;
      if (ts.resolveModuleName(specifier, path.join(VIRTUAL_ROOT, 'x.ts'), COMPILER_OPTIONS, ts.sys).resolvedModule) continue;
      loose.set(specifier, new Set([...(loose.get(specifier) ?? []), ...names]));
    }
  }
  virtual.set(path.join(VIRTUAL_ROOT, slug, 'environment.d.ts'), ENVIRONMENT + [...loose].map(([specifier, names]) => looseModule(specifier, names)).join(''));
  const prelude = samples[0]!.prelude.trim();
  const preludeFile = path.join(VIRTUAL_ROOT, slug, 'prelude.d.ts');
  if (prelude) virtual.set(preludeFile, `${prelude}\n`);
  const names = samples.map((sample, index) => {
    const name = path.join(VIRTUAL_ROOT, slug, `${slugOf(sample.route)}-${index + 1}.${sample.extension}`);
    virtual.set(name, sample.code);
    return name;
  });
  const program = ts.createProgram({rootNames: [...virtual.keys()], options: COMPILER_OPTIONS, host: createHost(virtual)});
  const preludeProblems = prelude ? program.getSemanticDiagnostics(program.getSourceFile(preludeFile)).map((d) => `sample_prelude: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`) : [];
  return samples.map((sample, index) => {
    const file = program.getSourceFile(names[index]!)!;
    const problems: string[] = [];
    const packages = new Set<string>();
    for (const statement of file.statements) {
      const specifier = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const unleash = unleashPackageOf(specifier.text);
      if (!unleash) continue;
      packages.add(unleash);
      const resolved = ts.resolveModuleName(specifier.text, names[index]!, COMPILER_OPTIONS, ts.sys).resolvedModule;
      if (!resolved) {
        const {line} = file.getLineAndCharacterOfPosition(specifier.getStart());
        problems.push(`${sample.page}:${sample.line + 1 + line}: "${specifier.text}" is not a module of the installed ${unleash}`);
      }
    }
    // require('unleash-client') counts as using the package too.
    for (const match of sample.code.matchAll(/require\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const unleash = unleashPackageOf(match[1]!);
      if (unleash) packages.add(unleash);
    }
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    problems.push(...diagnostics.map((diagnostic) => message(diagnostic, 0, sample)));
    if (index === 0) problems.push(...preludeProblems.map((problem) => `${sample.page}: ${problem}`));
    return {sample, packages: [...packages], problems};
  });
}

export interface SampleReport {
  results: SampleResult[];
  optedOut: Sample[];
  /** Samples per Unleash package: compiled, and opted out. */
  perPackage: Record<string, {compiled: number; optedOut: number}>;
  problems: string[];
}

export function checkSampleTypes(samples = collectSamples()): SampleReport {
  const byPage = new Map<string, Sample[]>();
  const optedOut: Sample[] = [];
  const problems: string[] = [];
  for (const sample of samples) {
    if (sample.optOut !== undefined) {
      optedOut.push(sample);
      if (sample.optOut.length < 10) problems.push(`${sample.page}:${sample.line}: no-typecheck needs a reason of a few words`);
      continue;
    }
    byPage.set(sample.page, [...(byPage.get(sample.page) ?? []), sample]);
  }
  const withPrelude = [...byPage.values()].filter((page) => page[0]!.prelude.trim());
  const withoutPrelude = [...byPage.values()].filter((page) => !page[0]!.prelude.trim()).flat();
  const results = [...withPrelude, ...(withoutPrelude.length > 0 ? [withoutPrelude] : [])].flatMap(checkGroup);
  const perPackage: SampleReport['perPackage'] = Object.fromEntries(UNLEASH_PACKAGES.map((name) => [name, {compiled: 0, optedOut: 0}]));
  for (const result of results) {
    problems.push(...result.problems);
    if (result.problems.length === 0) for (const name of result.packages) perPackage[name]!.compiled += 1;
  }
  for (const sample of optedOut) {
    for (const match of sample.code.matchAll(/(?:from\s+|require\(\s*)['"]([^'"]+)['"]/g)) {
      const unleash = unleashPackageOf(match[1]!);
      if (unleash) perPackage[unleash]!.optedOut += 1;
    }
  }
  return {results, optedOut, perPackage, problems};
}

export function sampleFiles(): string[] {
  return listDocFiles().filter((file) => fs.readFileSync(file, 'utf8').includes('```'));
}
