/**
 * The posts plugin's CLI commands (core/server/cli/command.ts). `npm run cli -- import FILE --org NAME
 * [--platform P] [--format jsonl|csv|ndjson] [--create-org]` streams posts exported from other tools into an
 * organisation's store (docs/data.md lists the formats and their columns).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { CliCommand, CliContext } from '@core/server/cli/command';
import { ensureOrganization } from '@core/server/seed';
import { resolvePlatform } from '@core/shared/platforms';
import { IMPORT_FORMATS, type ImportFormat } from './import/formats';
import { ImportError, formatOfFile, importPosts, type ImportReport } from './import/importer';
import { progressLine } from './import/progress';

/** How often the terminal progress line is redrawn. */
const REDRAW_MS = 250;

const IMPORT_ARGS = 'FILE --org NAME [--platform P] [--format jsonl|csv|ndjson] [--create-org]';
export const IMPORT_USAGE = `Usage: npm run cli -- import ${IMPORT_ARGS}`;

/** Problems printed; the rest are counted. */
const PRINTED_PROBLEMS = 50;

/** Exit codes: 0 all rows imported, 3 some rows rejected (the others are kept), 2 usage, 1 the import failed. */
async function runImport(argv: string[], ctx: CliContext): Promise<number> {
  let values: { org?: string; platform?: string; format?: string; 'create-org'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv, allowPositionals: true,
      options: { org: { type: 'string' }, platform: { type: 'string' }, format: { type: 'string' }, 'create-org': { type: 'boolean' } },
    }));
  } catch (e) {
    ctx.stderr(`${(e as Error).message}\n${IMPORT_USAGE}\n`);
    return 2;
  }
  const file = positionals[0];
  if (!file || positionals.length > 1 || !values.org) {
    ctx.stderr(`import needs one FILE and --org\n${IMPORT_USAGE}\n`);
    return 2;
  }
  const format = (values.format ?? formatOfFile(file)) as ImportFormat | null;
  if (!format || !(IMPORT_FORMATS as readonly string[]).includes(format)) {
    ctx.stderr(values.format
      ? `Unknown format '${values.format}'; one of: ${IMPORT_FORMATS.join(', ')}\n`
      : `Cannot tell the format of ${file} from its extension; give --format ${IMPORT_FORMATS.join('|')}\n`);
    return 2;
  }
  const platform = values.platform === undefined ? null : resolvePlatform(values.platform);
  if (values.platform !== undefined && !platform) {
    ctx.stderr(`Unknown platform '${values.platform}'\n`);
    return 2;
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    ctx.stderr(`File not found: ${file}\n`);
    return 1;
  }

  const storage = await ctx.storage();
  try {
    const org = await storage.db.selectFrom('core_organizations').select('id').where('name', '=', values.org).executeTakeFirst();
    if (!org && !values['create-org']) {
      ctx.stderr(`Unknown organisation '${values.org}' (add --create-org to create it)\n`);
      return 1;
    }
    const organizationId = org?.id ?? (await ensureOrganization(storage, values.org));
    const started = Date.now();
    const input = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    const totalBytes = fs.statSync(file).size;
    // On a terminal, one progress line redrawn in place; elsewhere only the summary below.
    const terminal = process.stderr.isTTY === true;
    let lastDraw = 0;
    const report = await importPosts({
      storage, organizationId, format, platform, input,
      onProgress: (r) => {
        const now = Date.now();
        if (!terminal || now - lastDraw < REDRAW_MS) return;
        lastDraw = now;
        ctx.stderr(`\r\u001b[2K  ${progressLine({ bytesRead: input.bytesRead, totalBytes, records: r.records, inserted: r.inserted, elapsedMs: now - started })}`);
      },
    });
    if (terminal && lastDraw > 0) ctx.stderr('\r\u001b[2K');
    ctx.stdout(`${summary(file, values.org, report)} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
    for (const p of report.problems.slice(0, PRINTED_PROBLEMS)) ctx.stdout(`  line ${p.line}: ${p.reason}\n`);
    if (report.rejected > PRINTED_PROBLEMS) ctx.stdout(`  ... and ${report.rejected - PRINTED_PROBLEMS} more rejected rows\n`);
    return report.rejected > 0 ? 3 : 0;
  } catch (e) {
    if (e instanceof ImportError) {
      ctx.stderr(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

export function summary(file: string, org: string, r: ImportReport): string {
  return `Imported ${file} into "${org}" as ${r.format}: ${r.records} records read, ${r.inserted} new posts, ` +
    `${r.duplicates} already stored, ${r.rejected} rejected`;
}

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'import posts exported from other tools (docs/data.md)',
  usage: IMPORT_ARGS,
  run: runImport,
};

export const cliCommands: CliCommand[] = [importCommand];
