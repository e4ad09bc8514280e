import { useCallback, useEffect, useState, type RefObject } from 'react';

/** spec 000 §9: rows are 61 px high and the table at most 400 px (about 9 rows drawn) */
export const ROW_HEIGHT = 61;
export const MAX_HEIGHT = 400;
const OVERSCAN = 2;

export interface RowWindow {
  /** the rows to draw: their index and their offset from the top of the rows area */
  rows: { index: number; top: number }[];
  /** the height of all rows, drawn or not */
  totalHeight: number;
  /** a negative index does nothing */
  scrollToIndex(index: number): void;
}

/** The first and last row index in view of a box scrolled to `scrollTop` (rows start below the header). */
export function rowRange(count: number, scrollTop: number, viewHeight: number, headerHeight: number): [number, number] {
  if (count === 0) return [0, -1];
  const top = Math.max(0, scrollTop - headerHeight);
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count - 1, Math.ceil((top + viewHeight) / ROW_HEIGHT) + OVERSCAN);
  return [first, last];
}

/**
 * The rows inside the scroll box (plus two either side): a 500-row table draws about nine. Every row
 * is 61 px (spec 000 §9), so the window is arithmetic: no measuring, and no library needed for it.
 * Only a scroll that changes the window re-renders the caller.
 */
export function useRowWindow(count: number, scrollBox: RefObject<HTMLElement | null>, headerHeight: number, maxHeight: number): RowWindow {
  const [view, setView] = useState({ scrollTop: 0, height: maxHeight });
  useEffect(() => {
    const box = scrollBox.current;
    if (!box) return;
    const read = () => {
      const next = { scrollTop: box.scrollTop, height: box.clientHeight || maxHeight };
      setView((current) => {
        const [a, b] = rowRange(count, current.scrollTop, current.height, headerHeight);
        const [c, d] = rowRange(count, next.scrollTop, next.height, headerHeight);
        return a === c && b === d ? current : next;
      });
    };
    read();
    box.addEventListener('scroll', read, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    resize?.observe(box);
    return () => {
      box.removeEventListener('scroll', read);
      resize?.disconnect();
    };
  }, [scrollBox, count, headerHeight, maxHeight]);

  const [first, last] = rowRange(count, view.scrollTop, view.height, headerHeight);
  const rows: RowWindow['rows'] = [];
  for (let index = first; index <= last; index++) rows.push({ index, top: index * ROW_HEIGHT });
  const scrollToIndex = useCallback(
    (index: number) => {
      const box = scrollBox.current;
      if (!box || index < 0) return;
      const top = headerHeight + index * ROW_HEIGHT;
      const visibleTop = box.scrollTop + headerHeight;
      const visibleBottom = box.scrollTop + (box.clientHeight || maxHeight);
      if (top < visibleTop || top + ROW_HEIGHT > visibleBottom) box.scrollTop = Math.max(0, top - (box.clientHeight || maxHeight) / 2);
    },
    [scrollBox, headerHeight, maxHeight],
  );
  return { rows, totalHeight: count * ROW_HEIGHT, scrollToIndex };
}
