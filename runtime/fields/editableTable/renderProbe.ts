import { createContext, useContext } from 'react';

/** What rendered: the table shell, one row, or one cell. */
export type RenderedPart = { part: 'table' } | { part: 'row'; key: string } | { part: 'cell'; key: string; column: string };

/**
 * Reports every render of the table's parts to whoever provides it (a test proving that a keystroke
 * re-renders one cell, not the table). Nothing provides it in the app, so it costs one context read.
 */
export const RenderProbeContext = createContext<((rendered: RenderedPart) => void) | null>(null);

export function useRenderProbe(rendered: RenderedPart): void {
  useContext(RenderProbeContext)?.(rendered);
}
