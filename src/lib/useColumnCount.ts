import { useEffect, useState, type RefObject } from 'react';

/** How many columns of at least `min` px, `gap` px apart, fit in a width (at least one). */
export function columnsIn(width: number, min: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (min + gap)));
}

/** `.page`'s padding on each side (styles.css): the first guess of a full-width box's width. */
const PAGE_PADDING_PX = 12;

/**
 * The number of columns a box fits, as CSS multi-column layout would choose them (`column-width`), kept
 * up to date with a ResizeObserver. The first render guesses from the window's width (no layout read);
 * the observer corrects it after the first layout if the box is narrower.
 */
export function useColumnCount(ref: RefObject<HTMLElement | null>, min: number, gap: number): number {
  const [count, setCount] = useState(() =>
    typeof window === 'undefined' ? 1 : columnsIn(window.innerWidth - 2 * PAGE_PADDING_PX, min, gap),
  );
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setCount(columnsIn(entry.contentRect.width, min, gap));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, min, gap]);
  return count;
}
