/**
 * The navbar search button, styled by DocSearch's button stylesheet. It is ours rather than
 * DocSearch's so that the DocSearch package (modal and autocomplete) is only downloaded
 * when a reader actually searches.
 */
import {forwardRef, useEffect, useState, type ComponentPropsWithoutRef} from 'react';

function isAppleDevice(): boolean {
  return typeof navigator !== 'undefined' && /(Mac|iPhone|iPod|iPad)/i.test(navigator.platform);
}

export const SearchButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function SearchButton(props, ref) {
  // The shortcut hint depends on the platform, known only in the browser.
  const [modifier, setModifier] = useState<string | null>(null);
  useEffect(() => setModifier(isAppleDevice() ? '⌘' : 'Ctrl'), []);
  return (
    // The name is the visible "Search" (the key hints are hidden from assistive technology);
    // the shortcut is announced through aria-keyshortcuts.
    <button type="button" className="DocSearch DocSearch-Button" aria-keyshortcuts="Control+K Meta+K /" {...props} ref={ref}>
      <span className="DocSearch-Button-Container">
        <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="DocSearch-Button-Placeholder">Search</span>
      </span>
      <span className="DocSearch-Button-Keys" aria-hidden="true">
        {modifier !== null && (
          <>
            <kbd className="DocSearch-Button-Key">{modifier}</kbd>
            <kbd className="DocSearch-Button-Key">K</kbd>
          </>
        )}
      </span>
    </button>
  );
});
