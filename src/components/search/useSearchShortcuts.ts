/**
 * The search shortcuts: Ctrl/Cmd+K toggles the modal, "/" opens it unless the reader is
 * typing in a field, Escape closes it, and a letter or digit typed on the focused search
 * button opens it with that character as the query.
 */
import {useEffect, type RefObject} from 'react';

interface Options {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
  onInput: (event: KeyboardEvent) => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

function isEditing(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

export function useSearchShortcuts({isOpen, onOpen, onClose, onInput, buttonRef}: Options): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const toggle = event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey);
      const slash = event.key === '/' && !isOpen && !isEditing(event);
      const escape = event.key === 'Escape' && isOpen;
      if (toggle || slash || escape) {
        event.preventDefault();
        if (isOpen) onClose();
        else if (!document.body.classList.contains('DocSearch--active')) onOpen();
        return;
      }
      if (buttonRef.current === document.activeElement && event.key.length === 1 && /[\p{L}\p{N}]/u.test(event.key) && !event.metaKey && !event.ctrlKey && !event.altKey) {
        onInput(event);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onOpen, onClose, onInput, buttonRef]);
}
