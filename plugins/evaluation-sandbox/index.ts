/**
 * Rehype plugin: `<EvaluationSandbox example="…">` in a page becomes the sandbox component,
 * imported by that page itself. Registering the component for every page (src/theme/
 * MDXComponents) would put its loader into the script every doc page downloads; imported here,
 * it lands only in the chunks of the pages that use it.
 *
 * In Markdown (.md) pages tags are read as HTML: the tag arrives as an element named
 * `evaluationsandbox`, wrapped in a paragraph when written on one line, and holding the rest of
 * its section when written self-closing (HTML has no self-closing custom tags). All three forms
 * are accepted: the paragraph is dropped and swallowed content put back after the sandbox. In
 * MDX pages the JSX element is used as it is, with the import added when the page lacks it.
 */

export const COMPONENT = 'EvaluationSandbox';
export const MODULE = '@site/src/components/EvaluationSandbox';

interface Node {
  type: string;
  tagName?: string;
  name?: string | null;
  value?: string;
  properties?: Record<string, unknown>;
  attributes?: Array<{type: string; name?: string; value?: unknown}>;
  children?: Node[];
  data?: unknown;
}

const isWhitespace = (node: Node) => node.type === 'text' && (node.value ?? '').trim() === '';

function isSandbox(node: Node): boolean {
  if (node.type === 'element') return node.tagName === COMPONENT.toLowerCase();
  return (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === COMPONENT;
}

function sandboxElement(node: Node): Node {
  if (node.type !== 'element') return {...node, type: 'mdxJsxFlowElement', children: []};
  const attributes = Object.entries(node.properties ?? {})
    .filter(([name, value]) => name === 'example' && typeof value === 'string')
    .map(([name, value]) => ({type: 'mdxJsxAttribute', name, value}));
  return {type: 'mdxJsxFlowElement', name: COMPONENT, attributes, children: []};
}

function importStatement(): Node {
  return {
    type: 'mdxjsEsm',
    value: `import ${COMPONENT} from '${MODULE}';`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: COMPONENT}}],
            source: {type: 'Literal', value: MODULE, raw: `'${MODULE}'`},
            attributes: [],
          },
        ],
      },
    },
  };
}

/** Replaces every sandbox tag under `parent`; returns how many there were. */
function replaceIn(parent: Node): number {
  if (!parent.children) return 0;
  let count = 0;
  const out: Node[] = [];
  for (const child of parent.children) {
    const meaningful = child.type === 'element' && child.tagName === 'p' ? (child.children ?? []).filter((node) => !isWhitespace(node)) : [];
    const target = isSandbox(child) ? child : meaningful.length === 1 && isSandbox(meaningful[0]!) ? meaningful[0]! : undefined;
    if (!target) {
      count += replaceIn(child);
      out.push(child);
      continue;
    }
    count += 1;
    const swallowed: Node = {type: 'root', children: target.type === 'element' ? (target.children ?? []).filter((node) => !isWhitespace(node)) : []};
    count += replaceIn(swallowed);
    out.push(sandboxElement(target), ...swallowed.children!);
  }
  parent.children = out;
  return count;
}

export function embedSandboxes(tree: Node): number {
  const count = replaceIn(tree);
  const imported = (tree.children ?? []).some((node) => node.type === 'mdxjsEsm' && (node.value ?? '').includes(MODULE));
  if (count > 0 && !imported) tree.children = [importStatement(), ...(tree.children ?? [])];
  return count;
}

export default function rehypeEvaluationSandbox() {
  return (tree: Node) => {
    embedSandboxes(tree);
  };
}
