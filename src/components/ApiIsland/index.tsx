/**
 * A part of an API operation page that arrives rendered by the server and stays as it arrived,
 * with none of its script, until the reader acts on it.
 *
 * Hydrating it would need the theme components that render it and the data they render from,
 * most of what an operation page used to download before the reader could scroll. Instead,
 * while React hydrates the page, an island renders an element whose content is given as
 * (empty) HTML, which React leaves alone: the server's content stays, as it is, and costs no
 * script. What it needs loads when the reader's pointer or focus comes to it; the first click,
 * tap or key press on something it can act on (a tab, a summary, a button) takes it over: it
 * renders in place with its components, which draw the same markup from the same data, and the
 * click or key press is given again to the same element in the new markup, with the focus where
 * it was. On a page the browser renders itself (a client-side navigation) it renders with its
 * components at once, after they have loaded.
 *
 * `content` renders the island on the server. In the browser, `load` brings what it needs and
 * resolves to the function that renders it; `loadKey`, an object that stays the same for the
 * page (its lazily loaded data), keeps one load per island.
 */
import {use, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type Ref} from 'react';
import {useHydrating} from '../useHydrating';
import {elementAt, pathOf, type ElementPath as Path} from '../elementPath';

export {useHydrating};

export type RenderIsland = () => ReactNode;

const loads = new WeakMap<object, Promise<RenderIsland>>();

/** One load per key, shared by every render and by the preload. */
export function loadOnce(key: object, load: () => Promise<RenderIsland>): Promise<RenderIsland> {
  let promise = loads.get(key);
  if (!promise) {
    promise = load();
    // A failed load may be tried again by the next interaction.
    promise.catch(() => loads.delete(key));
    loads.set(key, promise);
  }
  return promise;
}

/** What the reader can act on inside an island: what takes it over. Links are followed as they are. */
const ACTIONABLE = 'button, summary, [role="tab"], [role="button"], input, select, textarea, label';
/** Keys that tab lists and buttons act on. */
const ACTION_KEYS = new Set(['Enter', ' ', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

interface Replay {
  focus?: Path;
  click?: Path;
  key?: {path: Path; key: string; shiftKey: boolean};
}

export interface ApiIslandProps {
  /** Names the island in the markup (`data-api-island`). */
  name: string;
  className?: string;
  /** The content, on the server. */
  content?: () => ReactNode;
  loadKey: object;
  load: () => Promise<RenderIsland>;
  /** Content that takes the island over now, whatever its state (the explorer's live request). */
  live?: ReactNode;
}

export default function ApiIsland({name, className, content, loadKey, load, live}: ApiIslandProps): ReactNode {
  const hydrating = useHydrating();
  // Decided when the island first renders: later renders (after hydration) keep it.
  const [arrived] = useState(hydrating);
  const [render, setRender] = useState<RenderIsland | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const replay = useRef<Replay | null>(null);

  // Static: wait for the reader.
  useEffect(() => {
    const element = root.current;
    if (!arrived || render || live !== undefined || !element) return undefined;
    let taking = false;
    const preload = () => void loadOnce(loadKey, load).catch(() => undefined);
    const takeOver = (action: Replay) => {
      if (taking) return;
      taking = true;
      replay.current = action;
      loadOnce(loadKey, load).then(
        (loaded) => setRender(() => loaded),
        () => {
          taking = false;
        },
      );
    };
    const focusPath = () => pathOf(element, document.activeElement);
    const onClick = (event: MouseEvent) => {
      const target = (event.target as Element).closest?.(ACTIONABLE);
      if (!target || !element.contains(target)) return;
      event.preventDefault();
      event.stopPropagation();
      takeOver({click: pathOf(element, target), focus: focusPath()});
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = (event.target as Element).closest?.(ACTIONABLE);
      if (!target || !element.contains(target) || !ACTION_KEYS.has(event.key)) return;
      // Buttons and summaries turn Enter and Space into a click themselves.
      if ((event.key === 'Enter' || event.key === ' ') && target.matches('button, summary, input, select, textarea')) return;
      event.preventDefault();
      event.stopPropagation();
      const path = pathOf(element, target);
      takeOver({focus: focusPath(), key: path && {path, key: event.key, shiftKey: event.shiftKey}});
    };
    element.addEventListener('pointerover', preload, {once: true, passive: true});
    element.addEventListener('focusin', preload, {once: true});
    element.addEventListener('click', onClick, true);
    element.addEventListener('keydown', onKeyDown, true);
    return () => {
      element.removeEventListener('pointerover', preload);
      element.removeEventListener('focusin', preload);
      element.removeEventListener('click', onClick, true);
      element.removeEventListener('keydown', onKeyDown, true);
    };
  }, [arrived, render, live, loadKey, load]);

  // Taken over: the same element gets the focus, the click or the key press again.
  useLayoutEffect(() => {
    const action = replay.current;
    const element = root.current;
    if (!render || !action || !element) return;
    replay.current = null;
    elementAt(element, action.focus)?.focus({preventScroll: true});
    elementAt(element, action.click)?.click();
    if (action.key) {
      elementAt(element, action.key.path)?.dispatchEvent(new KeyboardEvent('keydown', {key: action.key.key, shiftKey: action.key.shiftKey, bubbles: true, cancelable: true}));
    }
  }, [render]);

  const attributes = {className, 'data-api-island': name, ref: root};
  if (typeof document === 'undefined') return <div {...attributes}>{content?.()}</div>;
  if (live !== undefined) return <div key="live" {...attributes}>{live}</div>;
  if (render) return <div key="live" {...attributes}>{render()}</div>;
  if (arrived) {
    // React keeps the server's content of an element whose content is HTML when it hydrates it.
    return <div key="static" {...attributes} dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />;
  }
  return <Fresh attributes={attributes} loadKey={loadKey} load={load} />;
}

function Fresh({attributes, loadKey, load}: {attributes: {className?: string; 'data-api-island': string; ref: Ref<HTMLDivElement>}; loadKey: object; load: () => Promise<RenderIsland>}): ReactNode {
  const loaded = use(loadOnce(loadKey, load));
  return (
    <div key="live" {...attributes}>
      {loaded()}
    </div>
  );
}
