import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@core/server/config';
import { openStorage } from '@core/server/storage/database';
import { run } from './main';

let dir: string;
const env = () => ({ NARRASCOPE_DATA_DIR: dir, LOG_LEVEL: 'silent' });
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(['import', ...argv], { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: env() });
  return { code, out: out.join(''), err: err.join('') };
}

beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-import-cli-')); });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run cli -- import', () => {
  it('imports a file into an organisation and reports rejected rows with line numbers', async () => {
    const file = path.join(dir, 'posts.jsonl');
    fs.writeFileSync(file, [
      JSON.stringify({ platform: 'twitter', rid: '1', body: 'hello #world', published_at: '2025-01-01T00:00:00Z', author: { rid: 'a' } }),
      '{broken',
      JSON.stringify({ platform: 'twitter', rid: '2', body: 'again', published_at: '2025-01-02T00:00:00Z' }),
    ].join('\n'));
    expect((await cli(file, '--org', 'CLI Org')).err).toBe("Unknown organisation 'CLI Org' (add --create-org to create it)\n");
    const first = await cli(file, '--org', 'CLI Org', '--create-org');
    expect(first.code).toBe(3);
    expect(first.out).toMatch(new RegExp(`^Imported ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} into "CLI Org" as jsonl: 3 records read, 2 new posts, 0 already stored, 1 rejected \\(\\d+\\.\\d s\\)\n  line 2: not valid JSON\n$`));
    const again = await cli(file, '--org', 'CLI Org');
    expect(again.out).toContain('3 records read, 0 new posts, 2 already stored, 1 rejected');

    const storage = openStorage(loadConfig(env()));
    try {
      const n = await storage.db.selectFrom('posts_posts' as never).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(2);
    } finally {
      await storage.close();
    }
  });

  it('imports the QUT CSV layout as the platform given', async () => {
    const result = await cli('/work/shared/data/qut-coretweet_test_input.csv', '--org', 'QUT Org', '--create-org', '--platform', 'X');
    expect(result.code).toBe(0);
    expect(result.out).toContain('as csv: 15 records read, 15 new posts, 0 already stored, 0 rejected');
  });

  it('refuses a record whose id is too long for the store\'s keys and keeps the rest of the batch (issue 19 follow-up)', async () => {
    const file = path.join(dir, 'long.jsonl');
    fs.writeFileSync(file, [
      JSON.stringify({ platform: 'gab', rid: 'short', body: 'kept', published_at: '2025-01-01T00:00:00Z' }),
      JSON.stringify({ platform: 'gab', rid: '\u00e9'.repeat(501), body: 'too long', published_at: '2025-01-01T00:00:00Z' }),
      JSON.stringify({ platform: 'gab', rid: '\u00e9'.repeat(500), body: 'fits', published_at: '2025-01-01T00:00:00Z' }),
    ].join('\n'));
    const result = await cli(file, '--org', 'Long Org', '--create-org');
    expect(result.code).toBe(3);
    expect(result.out).toContain('3 records read, 2 new posts, 0 already stored, 1 rejected');
    expect(result.out).toContain('  line 2: rid: longer than 500 characters\n');
  });

  it('explains usage mistakes', async () => {
    expect(await cli('--org', 'x')).toMatchObject({ code: 2, err: expect.stringContaining('import needs one FILE and --org') });
    expect(await cli(path.join(dir, 'a.txt'), '--org', 'x')).toMatchObject({ code: 2, err: `Cannot tell the format of ${path.join(dir, 'a.txt')} from its extension; give --format jsonl|csv|ndjson\n` });
    expect(await cli('a.jsonl', '--org', 'x', '--format', 'xml')).toMatchObject({ code: 2, err: "Unknown format 'xml'; one of: jsonl, csv, ndjson\n" });
    expect(await cli('a.jsonl', '--org', 'x', '--platform', 'myspace')).toMatchObject({ code: 2, err: "Unknown platform 'myspace'\n" });
    expect(await cli(path.join(dir, 'missing.jsonl'), '--org', 'x')).toMatchObject({ code: 1, err: `File not found: ${path.join(dir, 'missing.jsonl')}\n` });
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, 'id,text\n1,x\n');
    expect(await cli(bad, '--org', 'CLI Org')).toMatchObject({ code: 1, err: expect.stringContaining('CSV header must name the QUT toolkit columns') });
  });
});
