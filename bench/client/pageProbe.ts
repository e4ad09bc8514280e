import type { Page } from 'playwright-core';

/** What the probe saw in one page, in ms since the navigation started (performance.timeOrigin). */
export interface ProbeReading {
  /** first frame in which each watched selector was present; absent when it never appeared */
  marks: Partial<Record<ProbeMark, number>>;
  longTasks: { start: number; duration: number }[];
  /** scripts the page fetched: URL and when the request started */
  scripts: { url: string; start: number }[];
}

/** The sign-in form's submit button (antd Form or not) and a data row of any antd Table. */
export const WATCHED = {
  signInForm: 'form button[type="submit"]',
  tableRows: '.ant-table-tbody tr.ant-table-row',
} as const;
export type ProbeMark = keyof typeof WATCHED;

// Runs in the page before any of its scripts. It is a string because bench/ is type-checked without the
// DOM library. A mark is taken in the animation frame after the element appears: the frame that paints it.
const PROBE_SCRIPT = `(() => {
  const probe = { marks: {}, longTasks: [] };
  Object.defineProperty(window, '__benchProbe', { value: probe });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const watched = ${JSON.stringify(WATCHED)};
  const check = () => {
    for (const [name, selector] of Object.entries(watched)) {
      if (name in probe.marks || !document.querySelector(selector)) continue;
      probe.marks[name] = -1;
      requestAnimationFrame(() => { probe.marks[name] = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})();`;

interface ProbeGlobal {
  __benchProbe?: { marks: Partial<Record<ProbeMark, number>> };
}

export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE_SCRIPT });
}

/** Waits until `mark` has been painted, then reads everything the probe and Resource Timing hold. */
export async function readProbeAfter(page: Page, mark: ProbeMark, timeoutMs = 30_000): Promise<ProbeReading> {
  // a function, not a string: the app's CSP forbids the eval a string predicate needs
  await page.waitForFunction((name) => ((globalThis as unknown as ProbeGlobal).__benchProbe?.marks[name] ?? -1) > 0, mark, { timeout: timeoutMs });
  return page.evaluate(`({
    marks: Object.fromEntries(Object.entries(window.__benchProbe.marks).filter(([, t]) => t > 0)),
    longTasks: window.__benchProbe.longTasks,
    scripts: performance.getEntriesByType('resource')
      .filter((e) => /\\.m?js$/.test(new URL(e.name).pathname))
      .map((e) => ({ url: e.name, start: e.startTime })),
  })`);
}

/** Main-thread blocking before `until`: the part of each long task beyond 50 ms (as in Total Blocking Time). */
export function blockingTimeMs(reading: ProbeReading, until: number): number {
  return reading.longTasks.filter((t) => t.start < until).reduce((sum, t) => sum + Math.max(0, Math.min(t.start + t.duration, until) - t.start - 50), 0);
}
