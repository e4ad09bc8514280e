import { Tooltip } from 'antd';
import { useEffect, useState, type RefObject } from 'react';
import { useCell } from './useTableStore';

interface Target {
  key: string;
  column: string;
  box: { left: number; top: number; width: number; height: number };
}

function targetOf(node: EventTarget | null, container: HTMLElement): Target | null {
  const cell = node instanceof Element ? node.closest<HTMLElement>('[role="cell"][data-row-key]') : null;
  if (!cell || !container.contains(cell)) return null;
  const outer = container.getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  return {
    key: cell.dataset.rowKey as string,
    column: cell.dataset.column as string,
    box: { left: rect.left - outer.left, top: rect.top - outer.top, width: rect.width, height: rect.height },
  };
}

const sameTarget = (a: Target | null, b: Target | null) =>
  a === b ||
  (a !== null && b !== null && a.key === b.key && a.column === b.column && a.box.left === b.box.left && a.box.top === b.box.top && a.box.width === b.box.width);

function CellError({ target }: { target: Target }) {
  const { error } = useCell(target.key, target.column);
  if (!error) return null;
  return (
    <Tooltip open title={error}>
      <div data-error-anchor style={{ position: 'absolute', ...target.box, pointerEvents: 'none' }} />
    </Tooltip>
  );
}

/**
 * One tooltip for the whole table: it follows the hovered or focused cell and shows that cell's first
 * failure, live while the user types (a tooltip per cell would cost every visible cell a trigger).
 */
export function ErrorTooltip({ container }: { container: RefObject<HTMLElement | null> }) {
  const [target, setTarget] = useState<Target | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let focused: Target | null = null;
    const point = (next: Target | null) => setTarget((current) => (sameTarget(current, next) ? current : next));
    const show = (event: Event) => point(targetOf(event.target, element) ?? focused);
    const focus = (event: Event) => {
      focused = targetOf(event.target, element);
      point(focused);
    };
    const blur = () => {
      focused = null;
      point(null);
    };
    const leave = () => point(focused);
    // rows move under a scroll: the focused cell's box is measured again
    const scroll = () => {
      focused = focused ? targetOf(document.activeElement, element) : null;
      point(focused);
    };
    element.addEventListener('mouseover', show);
    element.addEventListener('mouseleave', leave);
    element.addEventListener('focusin', focus);
    element.addEventListener('focusout', blur);
    element.addEventListener('scroll', scroll, true);
    return () => {
      element.removeEventListener('mouseover', show);
      element.removeEventListener('mouseleave', leave);
      element.removeEventListener('focusin', focus);
      element.removeEventListener('focusout', blur);
      element.removeEventListener('scroll', scroll, true);
    };
  }, [container]);
  return target ? <CellError key={`${target.key}\u0001${target.column}`} target={target} /> : null;
}
