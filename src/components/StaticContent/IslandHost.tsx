/**
 * Hydrates the islands of static content (./island.tsx): each island's element, in the
 * server's HTML, becomes a React root of its own (hydrateRoot), with the island's component and
 * props taken from the page's MDX module (./islandElements.ts) and the page's contexts
 * (./contextBridge.ts). React hydrates the component against the server's markup, as it would
 * have in the page: nothing is rendered again. Islands hydrate in page order, one per idle
 * period after the page has hydrated, and at once when the pointer, the focus or a finger
 * comes to one; a click on an island that has not hydrated yet makes React hydrate it on the
 * spot and then handle the click (React replays what happens on a root it is hydrating).
 *
 * Each root has its own browser flag (./IslandRoot.tsx: false while it hydrates, true after),
 * so what the theme renders only in the browser (tab choices kept from earlier visits,
 * code-block buttons) appears after the island has hydrated, as on a page React hydrates
 * whole. When a page context changes (the location, the colour mode), the islands render
 * again with the new values.
 */
import {useEffect, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode} from 'react';
import {hydrateRoot, type Root} from 'react-dom/client';
import {contextsAbove, provideContexts, useContextValues} from './contextBridge';
import {ISLAND_ATTRIBUTE, islandContent} from './island';
import {islandElements, type IslandElement} from './islandElements';
import IslandRoot from './IslandRoot';
import {whenIdle} from './whenIdle';

interface Island {
  element: HTMLElement;
  root: Root;
  /** React has committed its hydration: later renders are updates. */
  hydrated: boolean;
  /** The page's contexts changed before it had hydrated. */
  stale: boolean;
}

/** The page's content as its MDX module returns it (Markdown compiled to React elements). */
function contentTree(content: ReactElement): ReactNode {
  return typeof content.type === 'function' ? (content.type as (props: object) => ReactNode)(content.props as object) : null;
}

/** Why the HTML's islands are not the MDX module's, or undefined when they are. */
function mismatch(markers: readonly Element[], elements: readonly IslandElement[]): string | undefined {
  const inHtml = markers.map((marker) => marker.getAttribute(ISLAND_ATTRIBUTE));
  const inContent = elements.map((element) => element.type.island.name);
  return inHtml.join() === inContent.join() ? undefined : `the HTML has the islands [${inHtml.join(', ')}], the page's content [${inContent.join(', ')}]`;
}

export interface IslandHostProps {
  /** The static content's element. */
  container: HTMLElement;
  /** The page's MDX content element (`<MDXContent />`); rendered inside the theme's MDX provider. */
  content: ReactElement;
  /** The islands cannot be matched with the HTML: the content must render whole instead. */
  onMismatch: (reason: string) => void;
}

export default function IslandHost({container, content, onMismatch}: IslandHostProps): ReactNode {
  const [contexts] = useState(() => contextsAbove(container));
  const values = useContextValues(contexts);
  // Creating the content's elements renders nothing; it calls the MDX provider's hooks, so it
  // happens on every render of this component.
  const elements = islandElements(contentTree(content));
  const latest = useRef({values, elements});
  const islands = useRef<Array<Island | undefined>>([]);

  const treeOf = (element: HTMLElement, index: number, onHydrated: () => void): ReactNode =>
    provideContexts(
      contexts,
      latest.current.values,
      <IslandRoot element={element} onHydrated={onHydrated}>
        {islandContent(latest.current.elements[index]!)}
      </IslandRoot>,
    );
  const treeRef = useRef(treeOf);
  treeRef.current = treeOf;

  useLayoutEffect(() => {
    latest.current = {values, elements};
    for (const [index, island] of islands.current.entries()) {
      if (!island) continue;
      if (island.hydrated) island.root.render(treeRef.current(island.element, index, noop));
      else island.stale = true;
    }
  });

  useEffect(() => {
    const markers = [...container.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
    const reason = mismatch(markers, latest.current.elements);
    if (reason) {
      onMismatch(reason);
      return undefined;
    }
    const hydrate = (index: number) => {
      if (index < 0 || islands.current[index]) return;
      const element = markers[index]!;
      const island: Island = {element, root: undefined as unknown as Root, hydrated: false, stale: false};
      const onHydrated = () => {
        island.hydrated = true;
        if (island.stale) island.root.render(treeRef.current(element, index, noop));
      };
      islands.current[index] = island;
      island.root = hydrateRoot(element, treeRef.current(element, index, onHydrated));
    };
    let next = 0;
    let cancel = () => {};
    const step = () => {
      while (next < markers.length && islands.current[next]) next += 1;
      if (next >= markers.length) return;
      hydrate(next);
      cancel = whenIdle(step);
    };
    cancel = whenIdle(step);
    const onApproach = (event: Event) => {
      const marker = event.target instanceof Element ? event.target.closest(`[${ISLAND_ATTRIBUTE}]`) : null;
      if (marker) hydrate(markers.indexOf(marker as HTMLElement));
    };
    const events = ['pointerover', 'focusin', 'touchstart', 'click'] as const;
    // Capture: the island's root listens on its element from the moment it is created, and
    // must do so before the event reaches it.
    for (const type of events) container.addEventListener(type, onApproach, {capture: true, passive: true});
    const hydrated = islands.current;
    return () => {
      cancel();
      for (const type of events) container.removeEventListener(type, onApproach, {capture: true});
      // Not while React is committing the page that removes them.
      window.setTimeout(() => {
        for (const island of hydrated) island?.root.unmount();
      });
    };
    // Once per mount: the HTML does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);

  return null;
}

function noop(): void {}
