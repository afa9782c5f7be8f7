import { describe, expect, it } from 'vitest';
import { grownToFit } from './grownToFit';

describe('grownToFit', () => {
  it('keeps an array that holds what is needed', () => {
    const a = new Int32Array([1, 2, 3]);
    expect(grownToFit(a, 3)).toBe(a);
  });

  it('copies into a longer array of the same type: factor times as long, or as long as needed', () => {
    const doubled = grownToFit(new Uint16Array([7, 8]), 3);
    expect([doubled.constructor, [...doubled]]).toEqual([Uint16Array, [7, 8, 0, 0]]);
    const halfAgain = grownToFit(new Float64Array([0.5, 1.5, 2.5, 3.5]), 5, 1.5);
    expect([halfAgain.constructor, [...halfAgain]]).toEqual([Float64Array, [0.5, 1.5, 2.5, 3.5, 0, 0]]);
    expect(grownToFit(new Uint8Array([9]), 10).length).toBe(10);
  });
});
