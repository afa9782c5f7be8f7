import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { disposeTestScoped, focusManagerSettled } from './teardown';

// Under load (CI, two cores running several test files) a panel's first answer or a lazily loaded popup can take
// longer than Testing Library's default 1 s wait for findBy and waitFor: every client test waits up to 10 s.
// Set again for every file: a file may change it (defaultHidden, a shorter timeout) and files share this module (no isolation).
configure({ asyncUtilTimeout: 10_000, defaultHidden: false });

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

// The client project runs without isolation (vitest.config.ts): the files of one worker share a jsdom and the modules
// they import. Each file starts from an empty page, empty storage and the root URL, as a fresh jsdom would.
beforeAll(() => {
  if (typeof document === 'undefined') return;
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
afterEach(disposeTestScoped);

// Fluent's focus manager (tabster) answers focus changes on its own timers (up to 250 ms). One still pending when a
// test file ends would run after jsdom is torn down and fail the whole run with "NodeFilter is not defined"; unmount
// what is left and let those timers run out while the DOM still exists.
afterAll(async () => {
  cleanup();
  await focusManagerSettled();
});
