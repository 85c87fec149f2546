import { useEffect, useState } from 'react';

/** Hidden tabs run no animation frames: after this long the work goes ahead without one. */
const HIDDEN_TAB_MS = 200;

/**
 * Runs `work` once the browser has painted what is on screen now (the frame after this call, then a
 * task of its own), or after HIDDEN_TAB_MS where no frame comes (a hidden tab). Returns the cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    work();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, HIDDEN_TAB_MS);
  function cancel() {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  }
  return () => {
    done = true;
    cancel();
  };
}

/**
 * False on the first render, true once the browser has painted what that render committed. Heavy
 * client work that nothing in the first paint needs, such as building a canvas chart, waits for it: the
 * page's text and figures paint first and the work runs in a task of its own instead of lengthening the
 * one that renders the page.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [painted]);
  return painted;
}
