/**
 * DocSearch 3's input names every result list in `aria-controls`, including lists it has not
 * rendered (an empty second section), and an ARIA reference to a missing element is invalid:
 * screen readers may drop the whole attribute. While the modal is open this keeps only the
 * ids that exist.
 */
import {useEffect, type RefObject} from 'react';

export function keepExistingIds(value: string, exists: (id: string) => boolean): string {
  return value
    .split(/\s+/)
    .filter((id) => id && exists(id))
    .join(' ');
}

export function useValidAriaControls(container: RefObject<HTMLElement | null>, isOpen: boolean): void {
  useEffect(() => {
    const root = container.current;
    if (!isOpen || !root) return undefined;
    const repair = () => {
      for (const element of root.querySelectorAll('[aria-controls]')) {
        const value = element.getAttribute('aria-controls') ?? '';
        const valid = keepExistingIds(value, (id) => document.getElementById(id) !== null);
        if (valid === value) continue;
        if (valid) element.setAttribute('aria-controls', valid);
        else element.removeAttribute('aria-controls');
      }
    };
    const observer = new MutationObserver(repair);
    observer.observe(root, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-controls']});
    repair();
    return () => observer.disconnect();
  }, [container, isOpen]);
}
