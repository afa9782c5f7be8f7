import fs from 'node:fs';
import path from 'node:path';
import { PLUGIN_ID } from '@core/shared/plugin/ids';

/**
 * Copies plugins/_template to plugins/<id>, renaming its ids: `template` (ids, prefixes), `template_` (tables)
 * and `Template` (titles). Registering it in the two index files stays a deliberate, reviewed step.
 */
export function createPlugin(root: string, id: string): { dir: string; nextSteps: string[] } {
  if (!PLUGIN_ID.test(id)) throw new Error(`Plugin id '${id}' must be kebab-case, e.g. 'topic-radar'`);
  const from = path.join(root, 'plugins', '_template');
  const to = path.join(root, 'plugins', id);
  if (fs.existsSync(to)) throw new Error(`plugins/${id} already exists`);
  const snake = id.replaceAll('-', '_');
  const title = id.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  const rename = (text: string) =>
    text
      .replaceAll('template_', `${snake}_`)
      .replaceAll("'template'", `'${id}'`)
      .replaceAll('/api/v2/template', `/api/v2/${id}`)
      .replaceAll("'template/", `'${id}/`)
      .replaceAll("'template.", `'${id}.`)
      .replaceAll("['template',", `['${id}',`)
      .replaceAll("title: 'Template'", `title: '${title}'`)
      .replaceAll("category: 'Template'", `category: '${title}'`);
  const copy = (src: string, dst: string) => {
    fs.mkdirSync(dst, { recursive: true });
    for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
      const s = path.join(src, entry.name);
      const d = path.join(dst, entry.name);
      if (entry.isDirectory()) copy(s, d);
      else fs.writeFileSync(d, rename(fs.readFileSync(s, 'utf8')));
    }
  };
  copy(from, to);
  return {
    dir: path.relative(root, to),
    nextSteps: [
      `add \`import ${snake}Server from './${id}/server';\` and \`${snake}Server\` to plugins/index.server.ts`,
      `add \`import ${snake}Client from './${id}/client';\` and \`${snake}Client\` to plugins/index.client.ts`,
      `rename the example panel, command, route and stage, then run npm test (tests/contracts checks the ids)`,
    ],
  };
}
