/**
 * What a test sets up outside React and must undo when it ends: a plugin host's registrations (its filter dimensions
 * join a process-wide registry). The client project runs without isolation, so a file's leftovers would otherwise be
 * seen by the next file in the same worker. setup.ts runs these after each test, after Testing Library's cleanup.
 */
const pending: Array<() => void> = [];

export function disposeAfterTest(dispose: () => void): void {
  pending.push(dispose);
}

export function disposeTestScoped(): void {
  for (const dispose of pending.splice(0).reverse()) dispose();
}

/**
 * Fluent's focus manager (tabster) answers focus and modal changes on its own timers (up to 250 ms). A dialog unmounted
 * while they are pending can leave the next dialog marked aria-hidden as if the old one were still the active modal:
 * wait them out after unmounting a dialog before rendering another in the same test, and at the end of a file.
 */
export const focusManagerSettled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));
