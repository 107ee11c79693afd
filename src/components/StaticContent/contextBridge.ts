/**
 * An island of the doc content is hydrated as a React root of its own (hydrateRoot on its
 * element), apart from the page's tree, so it does not see the page's contexts: the router,
 * the site's configuration, the colour mode, the scroll controller the theme's tabs use, the
 * head manager… Most of those are private to Docusaurus and its theme, so they cannot be named
 * here. Instead, the contexts provided above the static content are read off React's own
 * record of the page (the fiber React keeps on every element it rendered, and the chain of its
 * parents: the way React DevTools reads a tree), and every island is given the same values,
 * read with `use` where the content sits so that a change reaches the islands too.
 *
 * React 19 only: a provider's fiber has the context itself as its type (`<Context value>`).
 */
import {createElement, use, type Context, type ReactNode} from 'react';

const REACT_CONTEXT = Symbol.for('react.context');

interface Fiber {
  type: unknown;
  return: Fiber | null;
}

function fiberOf(element: Element): Fiber | undefined {
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  return key ? (element as unknown as Record<string, Fiber>)[key] : undefined;
}

function isContext(type: unknown): type is Context<unknown> {
  return typeof type === 'object' && type !== null && (type as {$$typeof?: unknown}).$$typeof === REACT_CONTEXT;
}

/**
 * Every context provided above an element React rendered or hydrated, outermost first, each
 * once (the nearest provider is the one that counts). Empty for an element React does not hold.
 */
export function contextsAbove(element: Element): Context<unknown>[] {
  const nearestFirst: Context<unknown>[] = [];
  for (let fiber = fiberOf(element)?.return; fiber; fiber = fiber.return) {
    if (isContext(fiber.type) && !nearestFirst.includes(fiber.type)) nearestFirst.push(fiber.type);
  }
  return nearestFirst.reverse();
}

/** The current value of each context, read where the caller renders (it re-renders when one changes). */
export function useContextValues(contexts: readonly Context<unknown>[]): unknown[] {
  // `use` may be called in a loop; the list is fixed for the caller's lifetime.
  return contexts.map((context) => use(context));
}

/** `children` inside a provider of each context with its value, outermost first. */
export function provideContexts(contexts: readonly Context<unknown>[], values: readonly unknown[], children: ReactNode): ReactNode {
  return contexts.reduceRight<ReactNode>((inner, context, index) => createElement(context, {value: values[index]}, inner), children);
}
