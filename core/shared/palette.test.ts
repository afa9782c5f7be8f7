import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATEGORICAL_COLOURS, GRADIENT_COLOURS, NEUTRAL_COLOURS, OTHER_COLOUR, categoricalColour, gradientColour, topWithOther } from './palette';

describe('the palette (spec part 1: 13 categorical colours and 12 gradient colours)', () => {
  it('has 13 distinct categorical and 12 distinct gradient colours, all hex', () => {
    expect(CATEGORICAL_COLOURS).toHaveLength(13);
    expect(GRADIENT_COLOURS).toHaveLength(12);
    const all = [...CATEGORICAL_COLOURS, ...GRADIENT_COLOURS, OTHER_COLOUR, ...Object.values(NEUTRAL_COLOURS)];
    expect(new Set(all).size).toBe(all.length);
    for (const c of all) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('picks colours by rank and along the gradient', () => {
    expect(categoricalColour(0)).toBe(CATEGORICAL_COLOURS[0]);
    expect(categoricalColour(13)).toBe(CATEGORICAL_COLOURS[0]);
    expect(gradientColour(0)).toBe(GRADIENT_COLOURS[0]);
    expect(gradientColour(1)).toBe(GRADIENT_COLOURS[11]);
    expect(gradientColour(2)).toBe(GRADIENT_COLOURS[11]);
    expect(gradientColour(Number.NaN)).toBe(GRADIENT_COLOURS[0]);
  });

  it('keeps the top N with "Other" summing the rest', () => {
    expect(topWithOther([1, 5, 3], 3, (x) => x)).toEqual({ top: [5, 3, 1], other: null });
    expect(topWithOther([1, 5, 3, 2], 3, (x) => x)).toEqual({ top: [5, 3], other: { value: 3, count: 2, rest: [2, 1] } });
  });
});

/**
 * Every chart and graph takes its colours from the palette: no colour literal in their modules but the palette's
 * own (the platform catalogue's badge colours are not charts). A new chart module in these folders is checked too.
 */
const CHART_MODULES = [
  ...['plugins/posts/client/overview', 'plugins/coordination/client/graph'].flatMap((dir) =>
    readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.') && !f.endsWith('.d.ts')).map((f) => join(dir, f))),
  'plugins/coordination/client/NetworkNavigatorPanel.tsx', 'plugins/topics/client/timeline.ts', 'plugins/topics/client/TimelineChart.tsx',
];

describe('every chart and graph uses the palette', () => {
  it.each(CHART_MODULES)('%s has no colour of its own', (file) => {
    const source = readFileSync(file, 'utf8');
    expect(source.match(/['"`]#[0-9a-fA-F]{3,8}\b/g) ?? []).toEqual([]);
    expect(source).not.toMatch(/\brgba?\(/);
  });

  it('the chart data, graph model and timeline import it', () => {
    for (const file of ['plugins/posts/client/overview/chartData.ts', 'plugins/posts/client/overview/textAndPairs.ts', 'plugins/coordination/client/graph/model.ts', 'plugins/topics/client/timeline.ts']) {
      expect(readFileSync(file, 'utf8')).toContain("from '@core/shared/palette'");
    }
  });
});
