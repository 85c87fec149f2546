import { useEffect, useState } from 'react';

/** Hidden tabs run no animation frames: after this long the work goes ahead without one. */
const HIDDEN_TAB_MS = 200;

/**
 * False on the first render, true once the browser has painted what that render committed (the frame
 * after it, then a task of its own). Heavy client work that nothing in the first paint needs, such as
 * building a canvas chart, waits for it: the page's text and figures paint first and the work runs in
 * a task of its own instead of lengthening the one that renders the page.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    const done = () => setPainted(true);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, HIDDEN_TAB_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [painted]);
  return painted;
}
