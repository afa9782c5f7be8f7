import type { KeyboardEvent } from 'react';

/** Pixels one arrow key press moves a popup (Shift: four times as far). */
export const POPUP_STEP_PX = 20;
/** How much of a popup moved by the keys or the pointer stays on screen, so its header can always be grabbed again. */
export const POPUP_KEEP_VISIBLE_PX = 48;

/**
 * A popup's left (or top) edge `position` kept on screen along an axis of `viewport` pixels: never before 0, never
 * closer than POPUP_KEEP_VISIBLE_PX to the far edge.
 */
export function onScreen(position: number, viewport: number): number {
  return Math.min(Math.max(0, position), Math.max(0, viewport - POPUP_KEEP_VISIBLE_PX));
}

const DIRECTIONS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * How far an arrow key pressed on a popup's header (its drag handle) moves the popup, as [dx, dy] pixels; null for
 * other keys and for keys on an element inside the header (its close button's keys are the button's). A move's
 * key does not also scroll the page.
 */
export function arrowKeyMove(e: KeyboardEvent<HTMLElement>): [number, number] | null {
  if (e.target !== e.currentTarget) return null;
  const direction = DIRECTIONS[e.key];
  if (!direction) return null;
  e.preventDefault();
  const step = e.shiftKey ? POPUP_STEP_PX * 4 : POPUP_STEP_PX;
  return [direction[0] * step, direction[1] * step];
}
