/**
 * A row of tabs or columns that scrolls sideways on a narrow screen: bring the chosen item into the
 * row's view, moving the row only horizontally (never the page). Nothing moves when it is in view.
 */
export function keepInRowView(item: HTMLElement | null | undefined): void {
  const row = item?.parentElement;
  if (!item || !row) return;
  const [i, r] = [item.getBoundingClientRect(), row.getBoundingClientRect()];
  if (i.left < r.left || i.right > r.right) row.scrollLeft += i.left - r.left;
}
