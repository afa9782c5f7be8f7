import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '@core/shared/platforms/catalogue';
import { contrastRatio, readableTextOn } from './readableText';

describe('readableTextOn', () => {
  it('gives the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('picks white on dark and black on light backgrounds', () => {
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#29b6f6')).toBe('#000000');
  });

  it('reaches 4.5:1 on every catalogue colour', () => {
    const poor = Object.entries(PLATFORMS).filter(([, p]) => contrastRatio(p.colour, readableTextOn(p.colour)) < 4.5).map(([k]) => k);
    expect(poor).toEqual([]);
  });
});
