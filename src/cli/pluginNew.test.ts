import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlugin } from './pluginNew';

const root = path.resolve(import.meta.dirname, '../..');
let tmp: string;
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('npm run plugin:new', () => {
  it('copies the template with every id renamed to the new plugin', () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-new-'));
    fs.cpSync(path.join(root, 'plugins/_template'), path.join(tmp, 'plugins/_template'), { recursive: true });
    const created = createPlugin(tmp, 'topic-radar');
    expect(created.dir).toBe(path.join('plugins', 'topic-radar'));
    const read = (p: string) => fs.readFileSync(path.join(tmp, 'plugins/topic-radar', p), 'utf8');
    expect(read('manifest.ts')).toContain("id: 'topic-radar'");
    expect(read('manifest.ts')).toContain("apiPrefixes: ['/api/v2/topic-radar']");
    expect(read('client/index.ts')).toContain("type: 'topic-radar.notes'");
    expect(read('client/index.ts')).toContain("id: 'topic-radar.refreshNotes'");
    expect(read('server/migrations.ts')).toContain("id: 'topic-radar/001_notes'");
    expect(read('server/migrations.ts')).toContain("createTable('topic_radar_notes')");
    expect(read('server/stage.ts')).toContain("id: 'topic-radar.recordRun'");
    const leftovers = ['manifest.ts', 'client/index.ts', 'server/migrations.ts', 'server/stage.ts', 'server/routes.ts', 'shared/api.ts']
      .filter((f) => /'template[./']|template_|\/api\/v2\/template/.test(read(f)));
    expect(leftovers).toEqual([]);
  });

  it('refuses an id that is not kebab-case or already exists', () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plugin-new-'));
    fs.cpSync(path.join(root, 'plugins/_template'), path.join(tmp, 'plugins/_template'), { recursive: true });
    expect(() => createPlugin(tmp, 'TopicRadar')).toThrow("Plugin id 'TopicRadar' must be kebab-case, e.g. 'topic-radar'");
    createPlugin(tmp, 'alerts');
    expect(() => createPlugin(tmp, 'alerts')).toThrow('plugins/alerts already exists');
  });
});
