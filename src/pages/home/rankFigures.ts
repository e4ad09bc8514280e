import type { ModuleFigure } from './homeFiguresTypes';

/** How many modules the home page shows as cards and bars until the user asks for all of them. */
export const FIGURES_SHOWN = 8;

/**
 * The home page's figures, busiest first: an administrator may list some fifty models, most of them empty
 * system tables, and a card for each, in the server's order, buried the laboratory's own figures under a wall
 * of 0 条. Ties keep the server's order.
 */
export function rankFigures(modules: readonly ModuleFigure[]): ModuleFigure[] {
  return modules
    .map((figure, i) => ({ figure, i }))
    .sort((a, b) => b.figure.total - a.figure.total || a.i - b.i)
    .map(({ figure }) => figure);
}

/** The modules with a record created this week, for the week's chart (a line per module, not fifty flat ones). */
export function activeThisWeek(modules: readonly ModuleFigure[]): ModuleFigure[] {
  return modules.filter((figure) => figure.week?.some((n) => n > 0));
}
