/**
 * Links in static content (./index.tsx) are the server's <a> elements, without the theme's
 * <Link> behind them. What <Link> did for an internal link is done here, for all of them at
 * once, from the container:
 * - a plain left click follows the link in place (history.push, or replace when it leads where
 *   the reader is), as React Router's link does, so the page changes without a reload and with
 *   the progress bar, scrolling and hash handling of any client-side navigation;
 * - when the pointer comes to a link or a finger touches it, its route's chunks preload;
 * - when a link comes into view, its route's chunks are prefetched (plugins/lean-routing does
 *   that in idle time; one observer here, where <Link> made one per link).
 * <Link> rendered a plain <a> for everything else (anchors on the page, external links, links
 * with a target), which the browser follows itself, as it still does.
 */
import isInternalUrl from '@docusaurus/isInternalUrl';
import {createLocation, createPath, type History} from 'history';
import {ISLAND_ATTRIBUTE} from './island';

type Docusaurus = {prefetch: (routePath: string) => unknown; preload: (routePath: string) => unknown};

const docusaurus = () => (window as unknown as {docusaurus?: Docusaurus}).docusaurus;

/** Where <Link> would have taken the reader in place, or undefined for a link the browser follows itself. */
export function inPlaceHref(anchor: Element): string | undefined {
  const href = anchor.getAttribute('href');
  if (!href || href.startsWith('#') || !isInternalUrl(href)) return undefined;
  const target = anchor.getAttribute('target');
  return !target || target === '_self' ? href : undefined;
}

/** The static link an event happened on: islands render the theme's own links. */
function staticLinkOf(container: Element, target: EventTarget | null): HTMLAnchorElement | undefined {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !container.contains(anchor) || anchor.closest(`[${ISLAND_ATTRIBUTE}]`)) return undefined;
  return anchor;
}

/** Follows internal links in place; returns what removes the listener. */
export function followLinksInPlace(container: HTMLElement, history: History): () => void {
  const onClick = (event: MouseEvent) => {
    // React Router's conditions: not handled yet, the main button, no modifier key.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = staticLinkOf(container, event.target);
    const href = anchor && inPlaceHref(anchor);
    if (!href) return;
    event.preventDefault();
    const location = createLocation(href, null, undefined, history.location);
    if (createPath(location) === createPath(history.location)) history.replace(location);
    else history.push(location);
  };
  container.addEventListener('click', onClick);
  return () => container.removeEventListener('click', onClick);
}

/** Preloads a link's route when the reader reaches for it, prefetches it when it comes into view; returns what stops both. */
export function prefetchLinks(container: HTMLElement): () => void {
  const preloaded = new Set<string>();
  const preload = (event: Event) => {
    const anchor = staticLinkOf(container, event.target);
    const href = anchor && inPlaceHref(anchor);
    if (!href || preloaded.has(href)) return;
    preloaded.add(href);
    docusaurus()?.preload(href);
  };
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting && entry.intersectionRatio <= 0) continue;
      observer.unobserve(entry.target);
      const href = inPlaceHref(entry.target);
      if (href) docusaurus()?.prefetch(href);
    }
  });
  for (const anchor of container.querySelectorAll('a[href]')) {
    if (inPlaceHref(anchor) && !anchor.closest(`[${ISLAND_ATTRIBUTE}]`)) observer.observe(anchor);
  }
  container.addEventListener('mouseover', preload, {passive: true});
  container.addEventListener('touchstart', preload, {passive: true});
  return () => {
    observer.disconnect();
    container.removeEventListener('mouseover', preload);
    container.removeEventListener('touchstart', preload);
  };
}
