import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliCommand } from '@core/server/cli/command';
import type { Storage } from '@core/server/storage/database';
import { defineServerPlugin, type ServerPlugin } from '@core/server/plugin/contract';
import { serverPluginProblems } from '@core/server/plugin/validate';
import { defineManifest } from '@core/shared/plugin/manifest';
import { serverPlugins } from '../../plugins/index.server';
import { run } from './main';

let dir: string;
beforeAll(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-plugin-cli-')); });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const env = (sub: string) => ({ NARRASCOPE_DATA_DIR: path.join(dir, sub), LOG_LEVEL: 'silent' });

async function cli(plugins: readonly ServerPlugin[], sub: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: env(sub) }, plugins);
  return { code, out: out.join(''), err: err.join('') };
}

function pluginWith(id: string, ...commands: CliCommand[]): ServerPlugin {
  return defineServerPlugin({ manifest: defineManifest({ id, title: id, version: 1 }), cliCommands: commands });
}

let opened: Storage | null = null;
const hello: CliCommand = {
  name: 'hello',
  summary: 'greet someone and count the organisations',
  usage: 'NAME',
  async run(args, ctx) {
    if (args.length !== 1) {
      ctx.stderr('hello needs one NAME\n');
      return 2;
    }
    opened = await ctx.storage();
    const orgs = await opened.db.selectFrom('core_organizations').select('id').execute();
    ctx.stdout(`hello ${args[0]}: ${orgs.length} organisations in ${path.basename(ctx.config.dataDir)}\n`);
    return 0;
  },
};
const withHello = [...serverPlugins, pluginWith('cli-demo', hello)];

describe('commands plugins contribute to npm run cli', () => {
  it('are dispatched by name with storage migrated, closed when they return', async () => {
    expect(await cli(withHello, 'a', 'hello', 'Ada')).toEqual({ code: 0, out: 'hello Ada: 0 organisations in a\n', err: '' });
    await expect(opened!.db.selectFrom('core_organizations').select('id').execute()).rejects.toThrow();
  });

  it('answer their own exit code, and a usage mistake touches no storage', async () => {
    expect(await cli(withHello, 'b', 'hello')).toEqual({ code: 2, out: '', err: 'hello needs one NAME\n' });
    expect(fs.existsSync(path.join(dir, 'b'))).toBe(false);
  });

  it('are listed in the help after core\'s own, the import of the posts plugin among them', async () => {
    const help = await cli(withHello, 'c');
    expect(help.code).toBe(0);
    expect(help.err).toContain('  plugin-new <id>                 copy plugins/_template into plugins/<id>\n\nCommands of the plugins:\n\n' +
      '  import FILE --org NAME [--platform P] [--format jsonl|csv|ndjson] [--create-org]\n' +
      '                                  import posts exported from other tools (docs/data.md)\n' +
      '  rdap-bootstrap --from FILE [--out FILE]\n' +
      "                                  check and install IANA's RDAP bootstrap file (dns.json) used for domain registration lookups\n" +
      '  hello NAME                      greet someone and count the organisations\n' +
      '\nSettings come from the environment: see docs/operations.md.\n');
    expect((await cli(serverPlugins, 'c')).err).not.toContain('hello');
    expect(await cli(withHello, 'c', 'goodbye')).toMatchObject({ code: 2, err: help.err });
  });

  it('may not share a name, nor take one of core\'s: contract problems that refuse to run them', async () => {
    const again = pluginWith('cli-again', { ...hello }, { ...hello, name: 'migrate' });
    expect(serverPluginProblems([...withHello, again])).toEqual([
      "CLI command 'hello' is contributed by both 'cli-demo' and 'cli-again'",
      "plugin 'cli-again' contributes CLI command 'migrate', which core already has",
    ]);
    expect(serverPluginProblems([pluginWith('cli-twice', hello, { ...hello, name: 'Hello World' }, hello)])).toEqual([
      "CLI command 'Hello World' of plugin 'cli-twice' is not kebab-case",
      "plugin 'cli-twice' contributes CLI command 'hello' twice",
    ]);
    await expect(cli([...withHello, again], 'd', 'hello', 'Ada')).rejects.toThrow(
      "Plugin contract problems:\n- CLI command 'hello' is contributed by both 'cli-demo' and 'cli-again'\n- plugin 'cli-again' contributes CLI command 'migrate', which core already has");
    expect(fs.existsSync(path.join(dir, 'd'))).toBe(false);
  });
});
