import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a file pays for loading antd and Formily; on a busy 2-core CI machine that alone
// can pass testing-library's 1 s default and fail a findBy… that is not wrong, only slow.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the browser APIs antd and Formily's grid call while rendering; these shims only need to
// be callable, not to measure anything.

if (typeof window !== 'undefined') {
  afterEach(() => cleanup());

  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverShim {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverShim;
    (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverShim;
  }

  // Tests see inline styles only. jsdom's own cascade (a) is slow over antd's CSS-in-JS sheets — every
  // role query computes styles up the tree — and (b) throws on an invalid selector @formily/antd-v5
  // injects ('..ant-formily-item-feedback-has-text'), which browsers skip; antd's pseudo-element calls
  // (scrollbar size) are only "Not implemented" there anyway.
  window.getComputedStyle = ((element: Element) => (element as HTMLElement).style ?? document.createElement('div').style) as typeof window.getComputedStyle;

  // jsdom's scrollTo exists but only logs "Not implemented".
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
}
