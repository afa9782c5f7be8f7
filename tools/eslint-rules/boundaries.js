// @ts-check
/**
 * narrascope/boundaries: the folder rules of the architecture guide (§1.5, §2), checked on every import.
 *
 * Each import specifier is resolved lexically (no file-system access, so it works on virtual files too):
 * relative specifiers against the importing file's folder, the aliases `@core/*`, `@plugins/*`, `@layouts/*`,
 * and the tsconfig `baseUrl` forms `core/...`, `plugins/...`, `src/...`. Package imports are ignored except
 * Node built-ins, which browser-bound code may not use.
 *
 * Reported (all as errors):
 * - core/** importing plugins/** (including the composition files plugins/index.*.ts);
 * - core/** or plugins/** importing a composition root (src/**, plugins/index.*.ts);
 * - plugins/<a>/** importing plugins/<b>/** other than plugins/<b>/shared/public.ts;
 * - client/ code importing server/ code and the reverse, in core and in plugins (src/web counts as client,
 *   src/server and src/cli as server);
 * - shared/ code (and a plugin's root files such as manifest.ts) importing client/ or server/ code;
 * - Node built-ins (`node:*`, `fs`, `path`, ...) in client/, shared/, a plugin's root files and src/web
 *   (test files `*.test.*` may use them: they run in Node);
 * - production code importing a plugin's evaluation/ folder (generators, reference implementations, data-set
 *   readers and metrics that only tests, benchmarks and quality figures use): only test files, tests/**, bench/**
 *   and other evaluation code may. Evaluation code itself is Node-side code of its plugin: it may import its own
 *   plugin's server/ and shared/ code, never client/ code or another plugin's internals.
 * tests/**, bench/**, src/** (for plugin composition) and the config files may import anything else.
 */
import path from 'node:path';
import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith('_')));

/** Aliases of vite.config.ts / tsconfig.base.json, and the bare `baseUrl: "."` forms TypeScript also accepts. */
const ALIASES = [
  ['@core/', 'core/'],
  ['@plugins/', 'plugins/'],
  ['@layouts/', 'workspace-layouts/'],
  ['core/', 'core/'],
  ['plugins/', 'plugins/'],
  ['src/', 'src/'],
];

const SIDES = new Set(['client', 'server', 'shared']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Project-relative posix path without extension and without a trailing `/index`. */
function stripExtension(p) {
  return p.replace(/\.(d\.ts|tsx?|mts|cts|jsx?|mjs|cjs)$/, '').replace(/\/index$/, '');
}

/**
 * Where a project-relative path sits: `area` (core, plugin, composition, src, other), the plugin's folder name,
 * the runtime side (client, server, shared or null) and whether it is a plugin's evaluation code
 * (plugins/<id>/evaluation/**, which runs in Node: side server).
 * @param {string} rel posix path relative to the project root
 */
export function classify(rel) {
  const parts = rel.split('/');
  const [top, second, third] = parts;
  if (top === 'core') {
    return { area: 'core', plugin: null, side: second && SIDES.has(second) ? second : null, evaluation: false };
  }
  if (top === 'plugins') {
    if (parts.length === 2 && second?.startsWith('index.')) {
      // plugins/index.client.ts, plugins/index.server.ts: the explicit plugin lists, one per runtime.
      const side = second.startsWith('index.client') ? 'client' : second.startsWith('index.server') ? 'server' : null;
      return { area: 'composition', plugin: null, side, evaluation: false };
    }
    if (third === 'evaluation') return { area: 'plugin', plugin: second ?? null, side: 'server', evaluation: true };
    let side = null;
    if (third && SIDES.has(third)) side = third;
    // manifest.ts and other files at a plugin's root are imported by both halves.
    else if (parts.length === 3 && !TEST_FILE.test(rel)) side = 'shared';
    return { area: 'plugin', plugin: second ?? null, side, evaluation: false };
  }
  if (top === 'src') {
    const side = second === 'web' ? 'client' : second === 'server' || second === 'cli' ? 'server' : null;
    return { area: 'src', plugin: null, side, evaluation: false };
  }
  return { area: 'other', plugin: null, side: null, evaluation: false };
}

/**
 * The project-relative target of a specifier, or null for a package import.
 * @param {string} spec
 * @param {string} fromDir posix, project-relative folder of the importing file
 */
export function resolveSpecifier(spec, fromDir) {
  if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
    return path.posix.normalize(path.posix.join(fromDir, spec));
  }
  for (const [prefix, target] of ALIASES) {
    if (spec.startsWith(prefix)) return path.posix.normalize(target + spec.slice(prefix.length));
  }
  return null;
}

function isBuiltin(spec) {
  if (spec.startsWith('node:')) return true;
  return BUILTINS.has(spec) || BUILTINS.has(spec.split('/')[0] ?? '');
}

const SIDE_WORDS = {
  client: 'browser (client/) code',
  server: 'Node server (server/) code',
  shared: 'shared/ code, which both the browser and the server import,',
};

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Enforce the core/plugin and client/server/shared import boundaries of the architecture guide',
    },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string', description: 'Project root; defaults to ESLint\'s cwd' } },
        additionalProperties: false,
      },
    ],
    messages: {
      coreImportsPlugin:
        "core/ must not import plugin code ('{{target}}'): core stays plugin-agnostic. Put the contract or a " +
        'service key in core and let the plugin implement it; only src/** and plugins/index.*.ts compose plugins.',
      importsCompositionRoot:
        "'{{target}}' is a composition root (src/**, plugins/index.*.ts); core and plugin code must not import it. " +
        'Depend on the contract in core (core/shared, core/client, core/server) instead.',
      pluginImportsPlugin:
        "Plugin '{{from}}' must not import '{{target}}', an internal file of plugin '{{to}}'. Import only " +
        "'plugins/{{to}}/shared/public.ts' (ask '{{to}}' to publish what you need there), or move the piece into core.",
      crossRuntime:
        "{{fromWords}} must not import {{toWords}} ('{{target}}'): {{why}} Move what both sides need into a " +
        'shared/ folder (pure TypeScript + zod) and import it from there.',
      importsEvaluation:
        "'{{target}}' is evaluation code (a plugin's evaluation/ folder: generators, reference implementations, " +
        'data-set readers, metrics), which `npm start` never runs; production code must not import it. Import it ' +
        'from test files (*.test.ts), tests/** or bench/**, or move what production needs into server/.',
      nodeBuiltin:
        "'{{source}}' is a Node built-in module and {{where}} is bundled for the browser, where it does not exist. " +
        'Do the work on the server (a route under server/) and fetch the result, or use a browser API; ' +
        'only server/, src/server, src/cli, tests and tools may use Node built-ins.',
    },
  },

  create(context) {
    const root = path.resolve(context.options[0]?.root ?? context.cwd);
    const relFile = path.relative(root, path.resolve(context.cwd, context.filename)).split(path.sep).join('/');
    if (relFile.startsWith('../') || path.isAbsolute(relFile)) return {};
    const from = classify(relFile);
    const fromDir = path.posix.dirname(relFile);
    const isTest = TEST_FILE.test(relFile);
    const browserBound = from.side === 'client' || from.side === 'shared';
    if (from.area === 'other' && !browserBound) return {};

    /** @param {import('estree').Node} node @param {string} source */
    const check = (node, source) => {
      if (browserBound && !isTest && isBuiltin(source)) {
        const where =
          from.area === 'src' ? 'src/web' : from.side === 'client' ? 'client/ code' : 'shared/ code';
        context.report({ node, messageId: 'nodeBuiltin', data: { source, where } });
        return;
      }
      const resolved = resolveSpecifier(source, fromDir);
      if (resolved === null || resolved.startsWith('../')) return;
      const target = stripExtension(resolved);
      const to = classify(target);
      const data = { target: resolved };

      if (from.area === 'core' && (to.area === 'plugin' || to.area === 'composition')) {
        context.report({ node, messageId: 'coreImportsPlugin', data });
        return;
      }
      if ((from.area === 'core' || from.area === 'plugin') && (to.area === 'composition' || to.area === 'src')) {
        context.report({ node, messageId: 'importsCompositionRoot', data });
        return;
      }
      if (from.area === 'plugin' && to.area === 'plugin' && to.plugin !== from.plugin) {
        if (target !== `plugins/${to.plugin}/shared/public`) {
          context.report({
            node,
            messageId: 'pluginImportsPlugin',
            data: { ...data, from: from.plugin ?? '?', to: to.plugin ?? '?' },
          });
          return;
        }
      }
      if (to.evaluation && !from.evaluation && !isTest) {
        context.report({ node, messageId: 'importsEvaluation', data });
        return;
      }
      if (from.side && to.side && from.side !== to.side && to.side !== 'shared') {
        const why =
          from.side === 'shared'
            ? `shared code would drag ${to.side} code into the other runtime.`
            : from.side === 'client'
              ? 'server code needs Node, secrets and the database and must never reach the browser bundle.'
              : 'browser code (React, DOM) does not belong in the Node server.';
        context.report({
          node,
          messageId: 'crossRuntime',
          data: { ...data, fromWords: cap(SIDE_WORDS[from.side]), toWords: SIDE_WORDS[to.side], why },
        });
      }
    };

    /** @param {any} node */
    const fromSource = (node) => {
      if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
    };

    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      /** @param {any} node */
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node.source, node.source.value);
        if (node.source.type === 'TemplateLiteral' && node.source.expressions.length === 0) {
          check(node.source, node.source.quasis[0].value.cooked);
        }
      },
      /** @param {any} node */
      CallExpression(node) {
        const arg = node.arguments[0];
        if (
          node.callee.type === 'Identifier' && node.callee.name === 'require' &&
          arg && arg.type === 'Literal' && typeof arg.value === 'string'
        ) {
          check(arg, arg.value);
        }
      },
      // `import('@core/server/x').Type` in type positions.
      /** @param {any} node */
      TSImportType(node) {
        // typescript-eslint 8 puts the specifier in `source` (a Literal); older versions in `argument` (a
        // TSLiteralType). Reading `argument` when `source` exists triggers a deprecation warning.
        const arg = 'source' in node ? node.source : node.argument;
        const lit = arg && arg.type === 'TSLiteralType' ? arg.literal : arg;
        if (lit && lit.type === 'Literal' && typeof lit.value === 'string') check(lit, lit.value);
      },
      // `import x = require('...')`
      /** @param {any} node */
      TSExternalModuleReference(node) {
        if (node.expression.type === 'Literal' && typeof node.expression.value === 'string') {
          check(node.expression, node.expression.value);
        }
      },
    };
  },
};

/** @param {string} s */
function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Registered in eslint.config.js as plugin `narrascope`. */
export default {
  meta: { name: 'narrascope' },
  rules: { boundaries: rule },
};
