import { describe, expect, it } from 'vitest';
import { duration, progressLine } from './progress';

describe('the import progress line', () => {
  it('shows the bar, the share of the file, records, new posts, the rate and the time left', () => {
    expect(progressLine({ bytesRead: 250, totalBytes: 1000, records: 25_000, inserted: 24_000, elapsedMs: 2_000 }))
      .toBe('[######------------------] 25% 25,000 records, 24,000 new · 12,500 records/s · 6s left');
    expect(progressLine({ bytesRead: 1000, totalBytes: 1000, records: 100_000, inserted: 100_000, elapsedMs: 8_000 }))
      .toBe('[########################] 100% 100,000 records, 100,000 new · 12,500 records/s');
  });

  it('writes durations as people read them', () => {
    expect([duration(4.4), duration(75), duration(3_725)]).toEqual(['4s', '1m15s', '1h02m']);
  });
});
