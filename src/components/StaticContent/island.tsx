/**
 * The components of doc content a reader acts on (tabs, details, the evaluation sandbox…):
 * inside static content (./index.tsx) each renders in an element of its own,
 * `<div class="content-island" data-content-island="<name>">`, which the browser hydrates as a
 * root of its own (./IslandHost.tsx) while the text around it stays as the server sent it. The
 * element takes no box (`display: contents`, src/css/custom.css), so the layout is the
 * component's own. Elsewhere (API operation pages, pages outside the docs) and inside another
 * island, the component renders as it is.
 */
import {createContext, use, type ComponentType, type ReactElement, type ReactNode} from 'react';

/** True inside static doc content, outside any island. */
export const IslandScope = createContext(false);

export const ISLAND_ATTRIBUTE = 'data-content-island';

export interface IslandComponent<P extends object> {
  (props: P): ReactNode;
  island: {name: string; Component: ComponentType<P>};
}

export function contentIsland<P extends object>(name: string, Component: ComponentType<P>): IslandComponent<P> {
  const ContentIsland = (props: P): ReactNode => {
    if (!use(IslandScope)) return <Component {...props} />;
    return (
      <div className="content-island" {...{[ISLAND_ATTRIBUTE]: name}}>
        <IslandScope value={false}>
          <Component {...props} />
        </IslandScope>
      </div>
    );
  };
  return Object.assign(ContentIsland, {island: {name, Component}});
}

export function isIslandElement(node: unknown): node is ReactElement<object, IslandComponent<object>> {
  const type = (node as {type?: unknown} | null)?.type;
  return typeof type === 'function' && typeof (type as Partial<IslandComponent<object>>).island === 'object';
}

/** What an island's root renders in the browser: the component, as the server rendered it inside its element. */
export function islandContent(element: ReactElement<object, IslandComponent<object>>): ReactNode {
  const {Component} = element.type.island;
  return (
    <IslandScope value={false}>
      <Component {...element.props} />
    </IslandScope>
  );
}
