import { describe, expect, it } from 'vitest';
import { pageItems } from './pagination';

describe('the raw data pagination (2 edge pages, 1 sibling page)', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows the edges, the current page and its siblings, with ellipses for the gaps', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 'end-ellipsis', 19, 20]);
    expect(pageItems(10, 20)).toEqual([1, 2, 'start-ellipsis', 9, 10, 11, 'end-ellipsis', 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 2, 'start-ellipsis', 19, 20]);
  });

  it('fills a one-page gap with the page instead of an ellipsis', () => {
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 'end-ellipsis', 19, 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'end-ellipsis', 19, 20]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageItems(99, 6)).toEqual([1, 2, 'start-ellipsis', 5, 6]);
  });
});
