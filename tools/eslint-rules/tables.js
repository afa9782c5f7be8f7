// @ts-check
/**
 * narrascope/foreign-tables: a plugin names only its own tables and core's in SQL (architecture guide §1.4, §2).
 *
 * Which plugin owns a table is read from the migrations: every `createTable('<name>')` and `CREATE [VIRTUAL]
 * TABLE [IF NOT EXISTS] <name>` under plugins/<id>/ makes <id> the owner of <name>. Then every string literal and
 * template-literal text in plugins/<a>/** (tests included) is searched for whole words that are a table of another
 * plugin <b>: `selectFrom('topics_runs')`, ``sql`... join coordination_edges ...` `` and the like are reported.
 * Core's tables (core_*, the post store's posts_posts, posts_run_posts, ...) are everyone's to read. Reading
 * another analysis's results goes through a core service (the post scope, a facet) or a service <b> publishes.
 */
import fs from 'node:fs';
import path from 'node:path';

const CREATE_TABLE = /createTable\(\s*['"`]([a-z][a-z0-9_]*)['"`]|CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z][a-z0-9_]*)/g;
const SOURCE = /\.(ts|tsx|js|mjs)$/;

/** @type {Map<string, Map<string, string>>} root -> (table -> owning plugin) */
const ownersByRoot = new Map();

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Table -> owning plugin, from the plugins' migration code. Read once per lint run. @param {string} root */
export function tableOwners(root) {
  const cached = ownersByRoot.get(root);
  if (cached) return cached;
  const owners = new Map();
  const pluginsDir = path.join(root, 'plugins');
  const plugins = fs.existsSync(pluginsDir) ? fs.readdirSync(pluginsDir, { withFileTypes: true }).filter((d) => d.isDirectory()) : [];
  for (const plugin of plugins) {
    for (const file of sourceFiles(path.join(pluginsDir, plugin.name))) {
      if (/\.(test|spec)\./.test(file)) continue;
      for (const match of fs.readFileSync(file, 'utf8').matchAll(CREATE_TABLE)) {
        const table = match[1] ?? match[2];
        if (table && !owners.has(table)) owners.set(table, plugin.name);
      }
    }
  }
  ownersByRoot.set(root, owners);
  return owners;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Refuse SQL that names another plugin's tables" },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: "Project root; defaults to ESLint's cwd" } },
        additionalProperties: false,
      },
    ],
    messages: {
      foreignTable:
        "Plugin '{{from}}' must not name table '{{table}}' of plugin '{{owner}}': a plugin reads and writes only its own " +
        "tables and core's. Read posts through core's post scope (core/server/postScope) or a facet, or use a service " +
        "'{{owner}}' publishes in plugins/{{owner}}/shared/public.ts.",
    },
  },

  create(context) {
    const root = path.resolve(context.options[0]?.root ?? context.cwd);
    const rel = path.relative(root, path.resolve(context.cwd, context.filename)).split(path.sep).join('/');
    const match = /^plugins\/([^/]+)\//.exec(rel);
    if (!match) return {};
    const from = match[1];
    const owners = tableOwners(root);

    /** @param {import('estree').Node} node @param {string} text */
    const check = (node, text) => {
      for (const word of text.match(/[a-z][a-z0-9_]*/g) ?? []) {
        const owner = owners.get(word);
        if (owner && owner !== from) context.report({ node, messageId: 'foreignTable', data: { from, table: word, owner } });
      }
    };
    return {
      /** @param {any} node */
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      /** @param {any} node */
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw);
      },
    };
  },
};

export default rule;
