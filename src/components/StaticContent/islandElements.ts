/**
 * The islands of a page's content, in the order the server wrote them: the page's MDX module
 * returns its content as a tree of React elements (the compiled Markdown; creating it renders
 * nothing), and each island is an element of that tree. Children are visited in order and an
 * island's own children are not (what is inside an island renders with it), which is the order
 * of the island elements in the HTML as long as every component between the root and an
 * island renders its children once and in order, as Markdown's elements and the theme's
 * admonitions do. The caller checks the count and the names against the HTML.
 */
import {isValidElement, type ReactElement, type ReactNode} from 'react';
import {isIslandElement, type IslandComponent} from './island';

export type IslandElement = ReactElement<object, IslandComponent<object>>;

export function islandElements(tree: ReactNode): IslandElement[] {
  const found: IslandElement[] = [];
  const visit = (node: ReactNode): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child as ReactNode);
      return;
    }
    if (!isValidElement(node)) return;
    if (isIslandElement(node)) {
      found.push(node);
      return;
    }
    visit((node.props as {children?: ReactNode}).children);
  };
  visit(tree);
  return found;
}
