/**
 * Rehype plugin: Markdown tables scroll sideways when they are wider than the screen (Infima
 * makes them scroll containers), and a scroll container must be reachable by keyboard to be
 * scrolled without a mouse (WCAG 2.1.1). Each table joins the tab order.
 */
interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export function makeTablesFocusable(node: HastNode): void {
  if (node.type === 'element' && node.tagName === 'table') {
    node.properties = {...node.properties, tabIndex: 0};
  }
  for (const child of node.children ?? []) makeTablesFocusable(child);
}

export default function rehypeFocusableTables() {
  return (tree: HastNode) => makeTablesFocusable(tree);
}
