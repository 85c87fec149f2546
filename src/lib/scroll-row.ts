/**
 * A row of tabs or columns that scrolls sideways on a narrow screen: bring the chosen item into the
 * row's view, moving the row only horizontally (never the page). Nothing moves when it is in view.
 *
 * Measured in the next animation frame, not at once: called from an effect while a page mounts, reading
 * the boxes there would force a layout of the whole page in the middle of React's commit (and again
 * after the commit's later changes). Returns the cancel, to be an effect's cleanup.
 */
export function keepInRowView(item: HTMLElement | null | undefined): () => void {
  const row = item?.parentElement;
  if (!item || !row || typeof requestAnimationFrame === 'undefined') return () => undefined;
  const frame = requestAnimationFrame(() => {
    const [i, r] = [item.getBoundingClientRect(), row.getBoundingClientRect()];
    if (i.left < r.left || i.right > r.right) row.scrollLeft += i.left - r.left;
  });
  return () => cancelAnimationFrame(frame);
}
