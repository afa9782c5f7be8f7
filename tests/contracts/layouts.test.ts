import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layoutProblems, layoutSchema, type Layout } from '@core/shared/layout/schema';
import { layoutProblemsAgainst } from '@core/client/plugin/validate';
import { clientPlugins } from '@plugins/index.client';

/**
 * Built-in layouts (workspace-layouts/*.layout.json) are persisted public API: each tab/subtab of the conversation
 * view opens one, so each must parse, be structurally whole and name only panel types a registered plugin provides.
 */
const dir = fileURLToPath(new URL('../../workspace-layouts/', import.meta.url));
const SUFFIX = '.layout.json';
/** One per tab and explorer subtab of the conversation view (spec part 1 §2, architecture guide §4). */
const EXPECTED_IDS = ['dashboard', 'alerts', 'insights', 'risk-radar', 'explorer.posts', 'explorer.overview', 'explorer.network-navigator'];

const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(SUFFIX)).sort() : [];
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const panels = clientPlugins.flatMap((p) => p.panels ?? []);

describe('workspace-layouts/', () => {
  it('exists and holds a built-in layout for every tab and explorer subtab', () => {
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(files.map((f) => f.slice(0, -SUFFIX.length))).toEqual(expect.arrayContaining(EXPECTED_IDS));
  });

  it.each(files.length ? files : ['(none)'])('%s parses, is whole, is named after its id and uses known panels', (file) => {
    expect(files, 'no layout files to check').toContain(file);
    const parsed = layoutSchema.safeParse(read(file));
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
    const layout = parsed.data as Layout;
    expect(layout.id).toBe(file.slice(0, -SUFFIX.length));
    expect(layoutProblems(layout)).toEqual([]);
    expect(layout.root, 'a built-in layout shows at least one pane').not.toBeNull();
    // Panel definitions (not just types) so pane configs are checked against each panel's schema as well.
    expect(layoutProblemsAgainst([layout], panels)).toEqual([]);
  });

  it('has unique ids across files', () => {
    const ids = files.map((f) => layoutSchema.parse(read(f)).id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
