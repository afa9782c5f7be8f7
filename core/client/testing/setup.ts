import { afterAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Under load (CI, two cores running several test files) a panel's first answer or a lazily loaded popup can take
// longer than Testing Library's default 1 s wait for findBy and waitFor: every client test waits up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs that cmdk, react-mosaic and Fluent UI call; these are the smallest stand-ins.
class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
const g = globalThis as unknown as Record<string, unknown>;
g.ResizeObserver ??= ResizeObserverStandIn;
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {},
      addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

// Fluent's focus manager (tabster) answers focus changes on its own timers (up to 250 ms). One still pending when a
// test file ends would run after jsdom is torn down and fail the whole run with "NodeFilter is not defined"; unmount
// what is left and let those timers run out while the DOM still exists.
afterAll(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 300));
});
