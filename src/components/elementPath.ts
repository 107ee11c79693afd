/**
 * An element's place under a root, child index by child index: what finds "the same element"
 * again after React has replaced the markup under the root with markup of the same shape (an
 * island taken over, tabs remounted after hydration), to give it back the focus or a click.
 */

export type ElementPath = number[];

export function pathOf(root: Element, node: Element | null): ElementPath | undefined {
  const path: ElementPath = [];
  let current = node;
  while (current && current !== root) {
    const parent: Element | null = current.parentElement;
    if (!parent) return undefined;
    path.unshift(Array.prototype.indexOf.call(parent.children, current));
    current = parent;
  }
  return current === root ? path : undefined;
}

export function elementAt(root: Element, path: ElementPath | undefined): HTMLElement | undefined {
  if (!path) return undefined;
  let current: Element | undefined = root;
  for (const index of path) current = current?.children[index];
  return current instanceof HTMLElement ? current : undefined;
}
