/**
 * The bundler's runtime (runtime~main.js) answers "which file holds chunk N" with functions
 * like `u = (id) => "assets/js/" + ({…600 chunk names…})[id] + "." + ({…600 hashes…})[id] +
 * ".js"`, and Docusaurus's `gca` (chunk URL by name) likewise: every call builds those object
 * literals anew. A page load calls them for each chunk it loads or prefetches, hundreds of
 * times. Here, after minification and before the content hashes are final, each such literal
 * (an object of constant keys and values inside a function) becomes a constant built once at
 * the top of the runtime. The lookups return the same values.
 */
import {parse} from 'acorn';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Below this size a literal costs little to build: left alone. */
export const MIN_PROPERTIES = 50;

const isConstantProperty = (property: Node) =>
  property.type === 'Property' &&
  !property.computed &&
  (property.key as Node).type !== 'SpreadElement' &&
  ['Literal', 'Identifier'].includes((property.key as Node).type) &&
  (property.value as Node).type === 'Literal';

const FUNCTIONS = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration']);

export function hoistLiteralMaps(source: string, minProperties = MIN_PROPERTIES): string {
  const program = parse(source, {ecmaVersion: 'latest', sourceType: 'script'}) as unknown as Node & {body: Node[]};
  // The runtime is one arrow or function expression called at once; its body gets the constants.
  const statement = program.body[0] as Node & {expression?: Node};
  const call = statement?.expression?.type === 'CallExpression' ? statement.expression : statement?.expression?.type === 'UnaryExpression' ? (statement.expression.argument as Node) : undefined;
  const wrapper = call?.callee as (Node & {body?: Node & {body?: Node[]}}) | undefined;
  if (!wrapper || !FUNCTIONS.has(wrapper.type) || wrapper.body?.type !== 'BlockStatement') return source;
  const found: Node[] = [];
  const visit = (node: Node, depth: number): void => {
    if (node.type === 'ObjectExpression' && depth > 1) {
      const properties = node.properties as Node[];
      if (properties.length >= minProperties && properties.every(isConstantProperty)) {
        found.push(node);
        return;
      }
    }
    const inner = FUNCTIONS.has(node.type) ? depth + 1 : depth;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((child) => child && typeof child === 'object' && 'type' in child && visit(child as Node, inner));
      else if (value && typeof value === 'object' && 'type' in value) visit(value as Node, inner);
    }
  };
  // Depth 1 is the wrapper's own body: literals there are built once already.
  visit(wrapper.body, 1);
  if (found.length === 0) return source;
  const directives = (wrapper.body.body ?? []).filter((node) => typeof (node as {directive?: unknown}).directive === 'string');
  const insertAt = directives.length > 0 ? directives[directives.length - 1]!.end : wrapper.body.start + 1;
  const names = found.map((_, index) => `__chunkMap${index}`);
  let output = source;
  // From the end, so earlier offsets stay right.
  for (const [index, node] of [...found.entries()].sort((a, b) => b[1].start - a[1].start)) {
    output = `${output.slice(0, node.start)}${names[index]}${output.slice(node.end)}`;
  }
  const declarations = `var ${found.map((node, index) => `${names[index]}=${source.slice(node.start, node.end)}`).join(',')};`;
  return `${output.slice(0, insertAt)}${declarations}${output.slice(insertAt)}`;
}
