/**
 * Gives the code blocks of static content (./index.tsx) their buttons (./CodeBlockButtons), each
 * when it is needed: when the block comes near the screen (half a screen ahead, so they are
 * there when it is read), or at once when the pointer or the focus comes to it. Blocks inside
 * islands get theirs from their island's own render.
 */
import {startTransition, useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import CodeBlockButtons, {BUTTONS_SLOT} from './CodeBlockButtons';
import {ISLAND_ATTRIBUTE} from './island';

interface Slot {
  element: HTMLElement;
  pre: HTMLPreElement;
}

/** The button slots of the blocks React does not render, in page order. */
function slotsIn(container: HTMLElement): Slot[] {
  return [...container.querySelectorAll<HTMLElement>(`.${BUTTONS_SLOT}`)].flatMap((element) => {
    const pre = element.parentElement?.querySelector('pre');
    return pre && !element.closest(`[${ISLAND_ATTRIBUTE}]`) ? [{element, pre}] : [];
  });
}

export default function StaticCodeBlocks({container}: {container: HTMLElement}): ReactNode {
  const [slots] = useState(() => slotsIn(container));
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set());

  useEffect(() => {
    const wanted = new Set<number>();
    const want = (indexes: number[], urgent: boolean) => {
      const fresh = indexes.filter((index) => index >= 0 && !wanted.has(index));
      if (fresh.length === 0) return;
      for (const index of fresh) wanted.add(index);
      const update = () => setShown(new Set(wanted));
      // Blocks coming into view can wait for a quiet moment; the one the reader is at cannot.
      if (urgent) update();
      else startTransition(update);
    };
    const indexOfBlock = (target: EventTarget | null) => {
      const block = target instanceof Element ? target.closest('.theme-code-block') : null;
      return block ? slots.findIndex((slot) => block.contains(slot.element)) : -1;
    };
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((entry) => entry.isIntersecting).map((entry) => slots.findIndex((slot) => slot.pre === entry.target));
        for (const index of visible) observer.unobserve(slots[index]!.pre);
        want(visible, false);
      },
      {rootMargin: '50% 0px'},
    );
    for (const slot of slots) observer.observe(slot.pre);
    const onApproach = (event: Event) => want([indexOfBlock(event.target)], true);
    container.addEventListener('pointerover', onApproach, {passive: true});
    container.addEventListener('focusin', onApproach);
    return () => {
      observer.disconnect();
      container.removeEventListener('pointerover', onApproach);
      container.removeEventListener('focusin', onApproach);
    };
  }, [container, slots]);

  return [...shown].map((index) => createPortal(<CodeBlockButtons pre={slots[index]!.pre} />, slots[index]!.element, String(index)));
}
