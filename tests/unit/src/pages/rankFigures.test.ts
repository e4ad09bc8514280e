import { describe, expect, it } from 'vitest';
import type { ModuleFigure } from '../../../../src/pages/home/homeFiguresTypes';
import { activeThisWeek, rankFigures } from '../../../../src/pages/home/rankFigures';

const figure = (modelId: string, total: number, week: number[] | null = null): ModuleFigure => ({ modelId, title: modelId, total, week });

describe('the home page figures', () => {
  it('ranks the busiest modules first, ties in the server’s order', () => {
    const ranked = rankFigures([figure('a', 0), figure('b', 12), figure('c', 0), figure('d', 3800), figure('e', 12)]);
    expect(ranked.map((f) => f.modelId)).toEqual(['d', 'b', 'e', 'a', 'c']);
  });

  it('draws the week for the modules with a record created in it', () => {
    const active = activeThisWeek([figure('a', 5, [0, 0, 0, 0, 0, 0, 0]), figure('b', 5, [0, 1, 0, 0, 0, 0, 0]), figure('c', 5, null)]);
    expect(active.map((f) => f.modelId)).toEqual(['b']);
  });
});
