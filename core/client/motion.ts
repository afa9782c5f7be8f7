/**
 * Whether the user asked the system for less motion (`prefers-reduced-motion: reduce`). Graph layouts then draw
 * only their settled positions and camera moves jump instead of gliding (WCAG 2.3.3, issue 21).
 */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** An animation's duration, or 0 when the user prefers reduced motion. */
export const motionMs = (ms: number): number => (prefersReducedMotion() ? 0 : ms);
