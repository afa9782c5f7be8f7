/**
 * Pane ids are leaves of the persisted tree, so they must be unique within a layout and reproducible: the same
 * layout and the same action always give the same id (tests and saved layouts stay stable, no random UUIDs).
 * The form is `<panelType>#<n>` with `n` one more than the largest number already used for that type, so an id
 * is never reused while a pane with a higher number exists.
 */
export function nextPaneId(panelType: string, existingIds: Iterable<string>): string {
  const taken = new Set(existingIds);
  const prefix = `${panelType}#`;
  let highest = 0;
  for (const id of taken) {
    if (!id.startsWith(prefix)) continue;
    const n = Number(id.slice(prefix.length));
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  let n = highest + 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}
