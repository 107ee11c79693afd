/**
 * What one release of the server declares, read from its code (a CodeTree: the repository's
 * TypeScript at a tag, or a package's compiled JavaScript):
 *
 * - API operations: the operationIds its controllers declare. `operationId: 'getFeature'` is
 *   the common form; since 7.4.1 the context-field controller builds its ids with a small
 *   helper (`resolveOperationId('getContextFields', mode)` gives `getContextFields` or
 *   `getContextFieldsForProject`), which is evaluated here rather than skipped. Operations
 *   marked `release: {alpha: true}` are set apart: from 7.4.2 on the server leaves them out of
 *   the OpenAPI description it serves (OpenApiService.removeAlphaOperations).
 * - Server settings: the environment variables `create-config` reads, and those read by the
 *   modules it imports (one level: where its helpers such as the experimental flags live).
 * - Database migrations: the migration files (`<timestamp>-<name>.js`).
 * - Experimental flags: the keys of the `flags` object in `types/experimental`, which exists
 *   under that name in both the sources and the build (the `IFlagKey` type does not survive
 *   compilation, so it cannot be compared with a package).
 *
 * TypeScript's parser reads both languages, so comments and strings never count as code.
 */
import path from 'node:path';
import ts from 'typescript';
import type {CodeTree} from './trees';

export interface ReleaseLists {
  /** operationIds the server serves in its OpenAPI description, sorted. */
  operations: string[];
  /** Environment variable names, sorted. */
  settings: string[];
  /** Migration names without `.js`, sorted. */
  migrations: string[];
  /** Experimental flag names, sorted. */
  flags: string[];
}

export interface OperationReading {
  /** Every operationId declared, alpha ones included. */
  declared: string[];
  /** Declared with `release: {alpha: true}`: not served. */
  alpha: string[];
  /** Declared without the alpha mark: what the server's OpenAPI description lists. */
  served: string[];
  /** Only those written as a plain string (`operationId: '…'`), the naive reading. */
  literal: string[];
  /** Declarations whose id could not be worked out, as `file: source text`. */
  unresolved: string[];
}

export interface Extraction extends ReleaseLists {
  operationReading: OperationReading;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Test code is not part of the server: `*.test.ts`, `*.e2e.test.js`, `__tests__/`, `test/` folders. */
export function isTestFile(file: string): boolean {
  return /\.(test|spec)\.[jt]s$/.test(file) || /(^|\/)(__tests__|test|tests)\//.test(file);
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((element) => element.name !== undefined && propertyName(element.name) === name);
}

/** Functions declared at any level of the file, by name: the helpers an operationId may call. */
function localFunctions(source: ts.SourceFile): Map<string, ts.SignatureDeclaration & {body?: ts.ConciseBody}> {
  const functions = new Map<string, ts.SignatureDeclaration & {body?: ts.ConciseBody}>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) functions.set(node.name.text, node);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) {
      functions.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return functions;
}

/** The expression a function returns, when its body is one expression or one return statement. */
function returnedExpression(fn: {body?: ts.ConciseBody}): ts.Expression | undefined {
  if (!fn.body) return undefined;
  if (!ts.isBlock(fn.body)) return fn.body;
  const statements = fn.body.statements;
  const last = statements[statements.length - 1];
  return statements.length === 1 && last && ts.isReturnStatement(last) ? last.expression : undefined;
}

/**
 * The strings an expression can take, given the values of some names: literals, template
 * strings, `+`, and both arms of `a ? b : c` (a helper that picks one of two ids by a mode
 * gives both). Undefined when any part is beyond that.
 */
function possibleStrings(expression: ts.Expression, bindings: Map<string, string>): string[] | undefined {
  if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)) return possibleStrings(expression.expression, bindings);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression.text];
  if (ts.isIdentifier(expression)) return bindings.has(expression.text) ? [bindings.get(expression.text)!] : undefined;
  if (ts.isConditionalExpression(expression)) {
    const whenTrue = possibleStrings(expression.whenTrue, bindings);
    const whenFalse = possibleStrings(expression.whenFalse, bindings);
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : undefined;
  }
  const concatenate = (parts: Array<string[] | undefined>): string[] | undefined =>
    parts.reduce<string[] | undefined>((heads, part) => (heads && part ? heads.flatMap((head) => part.map((tail) => head + tail)) : undefined), ['']);
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return concatenate([possibleStrings(expression.left, bindings), possibleStrings(expression.right, bindings)]);
  }
  if (ts.isTemplateExpression(expression)) {
    return concatenate([[expression.head.text], ...expression.templateSpans.flatMap((span) => [possibleStrings(span.expression, bindings), [span.literal.text]])]);
  }
  return undefined;
}

/** The ids an operationId's value stands for: a string, or a call to a helper of the same file with string arguments. */
function operationIds(value: ts.Expression, functions: ReturnType<typeof localFunctions>): {ids: string[]; literal: boolean} | undefined {
  const direct = possibleStrings(value, new Map());
  if (direct) return {ids: direct, literal: ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)};
  if (!ts.isCallExpression(value) || !ts.isIdentifier(value.expression)) return undefined;
  const helper = functions.get(value.expression.text);
  const returned = helper && returnedExpression(helper);
  if (!helper || !returned) return undefined;
  const bindings = new Map<string, string>();
  helper.parameters.forEach((parameter, index) => {
    const argument = value.arguments[index];
    const argumentValue = argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) ? argument.text : undefined;
    if (ts.isIdentifier(parameter.name) && argumentValue !== undefined) bindings.set(parameter.name.text, argumentValue);
  });
  const ids = possibleStrings(returned, bindings);
  return ids ? {ids, literal: false} : undefined;
}

/** `release: {alpha: true}` on the same declaration. */
function isAlpha(declaration: ts.ObjectLiteralExpression): boolean {
  const release = property(declaration, 'release');
  if (!release || !ts.isPropertyAssignment(release) || !ts.isObjectLiteralExpression(release.initializer)) return false;
  const alpha = property(release.initializer, 'alpha');
  return alpha !== undefined && ts.isPropertyAssignment(alpha) && alpha.initializer.kind === ts.SyntaxKind.TrueKeyword;
}

export function readOperations(files: Map<string, string>): OperationReading {
  const declared: string[] = [];
  const alpha: string[] = [];
  const served: string[] = [];
  const literal: string[] = [];
  const unresolved: string[] = [];
  for (const [file, text] of files) {
    const source = parse(file, text);
    const functions = localFunctions(source);
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const element = property(node, 'operationId');
        if (element && ts.isPropertyAssignment(element)) {
          const found = operationIds(element.initializer, functions);
          if (!found) unresolved.push(`${file}: ${element.getText(source)}`);
          else {
            declared.push(...found.ids);
            if (found.literal) literal.push(...found.ids);
            (isAlpha(node) ? alpha : served).push(...found.ids);
          }
        } else if (element) unresolved.push(`${file}: ${element.getText(source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return {declared: sorted(declared), alpha: sorted(alpha), served: sorted(served), literal: sorted(literal), unresolved};
}

/** `process.env.NAME` and `process.env['NAME']`. */
export function environmentVariables(file: string, text: string): string[] {
  const names: string[] = [];
  const isProcessEnv = (node: ts.Expression) => ts.isPropertyAccessExpression(node) && node.name.text === 'env' && ts.isIdentifier(node.expression) && node.expression.text === 'process';
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && isProcessEnv(node.expression)) names.push(node.name.text);
    if (ts.isElementAccessExpression(node) && isProcessEnv(node.expression) && ts.isStringLiteralLike(node.argumentExpression)) names.push(node.argumentExpression.text);
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return sorted(names);
}

/**
 * Relative modules a file loads at run time: `import … from './x'` (not `import type`, nor an
 * import of types only, which compile to nothing), `export … from './x'`, `require('./x')`.
 */
export function runtimeImports(file: string, text: string): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    }
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text));
  return sorted(specifiers.filter((specifier) => specifier.startsWith('.')));
}

/** The lib file a relative specifier names, in a tree of `.ts` or `.js` files. */
export function resolveImport(from: string, specifier: string, files: ReadonlySet<string>, extension: '.ts' | '.js'): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.js$/, '');
  return [`${base}${extension}`, `${base}/index${extension}`].find((candidate) => files.has(candidate));
}

export function readSettings(tree: CodeTree): string[] {
  const entry = `create-config${tree.extension}`;
  const files = new Set(tree.libFiles());
  if (!files.has(entry)) throw new Error(`${tree.label}: no ${entry} in the server's lib folder`);
  const [config] = tree.readLib([entry]).values();
  const helpers = runtimeImports(entry, config!)
    .map((specifier) => resolveImport(entry, specifier, files, tree.extension))
    .filter((file): file is string => file !== undefined);
  const texts = tree.readLib([entry, ...helpers]);
  return sorted([...texts].flatMap(([file, text]) => environmentVariables(file, text)));
}

export function readFlags(tree: CodeTree): string[] {
  const file = `types/experimental${tree.extension}`;
  const [text] = tree.readLib([file]).values();
  let flags: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'flags' && node.initializer && ts.isObjectLiteralExpression(node.initializer)) flags = node.initializer;
    ts.forEachChild(node, visit);
  };
  visit(parse(file, text!));
  if (!flags) throw new Error(`${tree.label}: no \`flags\` object in ${file}`);
  const names = flags.properties.map((element) => (element.name ? propertyName(element.name) : undefined));
  if (names.some((name) => name === undefined)) throw new Error(`${tree.label}: a key of \`flags\` in ${file} is not a plain name`);
  return sorted(names as string[]);
}

export function readMigrations(tree: CodeTree): string[] {
  return sorted(tree.migrationFiles().flatMap((name) => (/^\d{14}-.+\.js$/.test(name) ? [name.slice(0, -'.js'.length)] : [])));
}

export function readOperationsOf(tree: CodeTree): OperationReading {
  const files = tree.libFilesMentioning('operationId').filter((file) => file.endsWith(tree.extension) && !file.endsWith('.d.ts') && !isTestFile(file));
  return readOperations(tree.readLib(files));
}

/** Everything the release notes compare, read from one release's code. */
export function extractRelease(tree: CodeTree): Extraction {
  const operationReading = readOperationsOf(tree);
  return {
    operations: operationReading.served,
    settings: readSettings(tree),
    migrations: readMigrations(tree),
    flags: readFlags(tree),
    operationReading,
  };
}
