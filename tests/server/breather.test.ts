import { describe, expect, it } from 'vitest';
import { breather } from '../../server/engine/breather.js';

/** About `ms` of synchronous work, as an import's validation of one row is. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Runs `rows` rows of 1 ms each, awaiting `breathe` after each, and tells after which row a timer set before the loop fired. */
async function timerFiresAfterRow(rows: number, breathe: () => Promise<void>): Promise<number | null> {
  let done = 0;
  let firedAfter: number | null = null;
  const timer = setTimeout(() => (firedAfter = done), 0);
  for (let row = 0; row < rows; row++) {
    busy(1);
    done++;
    await breathe();
  }
  clearTimeout(timer);
  return firedAfter;
}

// server/engine/breather.ts: an import's loops await breathe() per row; other requests (here, a timer)
// must get their turn within the loop, not only when it ends.
describe('breather', () => {
  it('lets a waiting timer run in the middle of a long loop, soon after the interval', async () => {
    const firedAfter = await timerFiresAfterRow(200, breather(10));
    expect(firedAfter).not.toBeNull();
    // 1 ms rows and a 10 ms interval: the first breath comes after about ten rows (a loaded machine makes rows slower, not more)
    expect(firedAfter!).toBeLessThan(100);
  });

  it('is what makes the difference: a loop awaiting only resolved promises starves the timer', async () => {
    expect(await timerFiresAfterRow(200, () => Promise.resolve())).toBeNull();
  });

  it('costs nothing between breaths: it returns at once until the interval has passed', async () => {
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const breathe = breather(60_000);
    for (let i = 0; i < 1_000; i++) await breathe();
    clearInterval(counting);
    expect(turns).toBe(0);
  });
});
