/**
 * One ArrayBuffer that serves the engine's typed arrays during a detection. V8 counts every large ArrayBuffer as
 * external memory and answers its growth with full garbage collections, which cost seconds each when a million
 * posts sit on the heap; carving views out of one buffer costs one. Memory is zero on first use and never reused;
 * when the arena is exhausted (or none is open) arrays are allocated normally.
 */
let current: { buf: ArrayBuffer; off: number } | null = null;

/** Runs f with an arena of `bytes` (lazily committed by the OS, so an over-estimate costs address space only). */
export function withArena<T>(bytes: number, f: () => T): T {
  const previous = current;
  let buf: ArrayBuffer | null = null;
  try { buf = new ArrayBuffer(Math.max(8, Math.floor(bytes / 8) * 8)); } catch { buf = null; }
  current = buf ? { buf, off: 0 } : null;
  try {
    return f();
  } finally {
    current = previous;
  }
}

function take(bytes: number): [ArrayBuffer, number] | null {
  if (current === null) return null;
  const off = current.off;
  const end = off + Math.ceil(bytes / 8) * 8;
  if (end > current.buf.byteLength) return null;
  current.off = end;
  return [current.buf, off];
}

export function f64(n: number): Float64Array {
  const t = take(n * 8);
  return t ? new Float64Array(t[0], t[1], n) : new Float64Array(n);
}
export function f32(n: number): Float32Array {
  const t = take(n * 4);
  return t ? new Float32Array(t[0], t[1], n) : new Float32Array(n);
}
export function i32(n: number): Int32Array {
  const t = take(n * 4);
  return t ? new Int32Array(t[0], t[1], n) : new Int32Array(n);
}
export function u32(n: number): Uint32Array {
  const t = take(n * 4);
  return t ? new Uint32Array(t[0], t[1], n) : new Uint32Array(n);
}
export function u8(n: number): Uint8Array {
  const t = take(n);
  return t ? new Uint8Array(t[0], t[1], n) : new Uint8Array(n);
}

/** Bytes handed out by the open arena (for statistics). */
export function arenaUsed(): number {
  return current?.off ?? 0;
}
