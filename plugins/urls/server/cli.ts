import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { CliCommand } from '@core/server/cli/command';
import { bootstrapFileSchema, SHIPPED_BOOTSTRAP_PATH } from './rdap/bootstrap';

/**
 * `npm run cli -- rdap-bootstrap --from FILE [--out FILE]`: checks a copy of IANA's dns.json (downloaded by the
 * operator from https://data.iana.org/rdap/dns.json) and installs it as the bootstrap data (the shipped copy by
 * default; point NARRASCOPE_RDAP_BOOTSTRAP at another --out). The server never downloads it itself: it may be offline.
 */
export const rdapBootstrapCommand: CliCommand = {
  name: 'rdap-bootstrap',
  summary: "check and install IANA's RDAP bootstrap file (dns.json) used for domain registration lookups",
  usage: '--from FILE [--out FILE]',
  async run(args, ctx) {
    const { values } = parseArgs({ args, options: { from: { type: 'string' }, out: { type: 'string' } } });
    if (!values.from) {
      ctx.stderr('rdap-bootstrap needs --from FILE (a copy of https://data.iana.org/rdap/dns.json)\n');
      return 2;
    }
    let parsed;
    try {
      parsed = bootstrapFileSchema.safeParse(JSON.parse(fs.readFileSync(values.from, 'utf8')));
    } catch (error) {
      ctx.stderr(`cannot read ${values.from}: ${(error as Error).message}\n`);
      return 1;
    }
    if (!parsed.success) {
      ctx.stderr(`${values.from} is not an RDAP bootstrap file: ${parsed.error.issues[0]?.message ?? 'unknown problem'}\n`);
      return 1;
    }
    const out = values.out ?? SHIPPED_BOOTSTRAP_PATH;
    fs.writeFileSync(out, `${JSON.stringify(parsed.data, null, 2)}\n`);
    const tlds = parsed.data.services.reduce((n, [labels]) => n + labels.length, 0);
    ctx.stdout(`installed ${out}: ${tlds} TLDs, published ${parsed.data.publication}\n`);
    return 0;
  },
};
