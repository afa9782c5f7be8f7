/**
 * The date range inputs show UTC wall time (`datetime-local`, no zone); the URL carries ISO instants with `Z`
 * (the filter model refuses local times, whose instant would depend on the reader's zone).
 */
export function toRangeInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 16);
}

export function fromRangeInput(local: string): string | null {
  if (!local) return null;
  const d = new Date(`${local.length === 16 ? `${local}:00` : local}Z`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace('.000Z', 'Z');
}
