import { useEffect, useRef } from 'react';

/** Calls `fn(value)` once `value` has stayed the same for `ms` (the spec's 350 ms filter debounce). */
export function useDebouncedEffect<T>(value: T, ms: number, fn: (value: T) => void): void {
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    const timer = setTimeout(() => latest.current(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
}
