import { dimensionProblems } from '@core/shared/filters/dimensionProblems';
import { PLUGIN_ID, QUALIFIED_ID, isOwnedBy } from '@core/shared/plugin/ids';
import { planActivation } from '@core/shared/plugin/activationOrder';
import { normaliseKeybinding } from '@core/shared/commands/keybinding';
import { parseWhen } from '@core/shared/commands/when';
import { needsArguments } from '@core/client/commands/args';
import { layoutProblems, type Layout } from '@core/shared/layout/schema';
import { panelOpenCommands } from '@core/client/commands/registry';
import type { ClientPlugin, CommandDefinition, PanelDefinition } from './contract';
import { coreClientServices } from './coreServices';

/**
 * Namespaces of core's own commands and services (`workspace.splitRight`, `core.filters`, ...). A plugin with one
 * of these ids could declare ids that collide with core's, so such plugin ids are refused.
 */
export const CORE_NAMESPACES: readonly string[] = [
  'core', 'workspace', 'navigation', 'filters', 'theme', 'session', 'palette', 'settings', 'app',
];

/** A command core registers itself (its id and, when it has one, its default keybinding). */
export interface ReservedCommand {
  id: string;
  keybinding?: string;
}

/** The palette's own chord: CommandPalette.tsx listens for Ctrl+K / Cmd+K itself, outside the command registry. */
export const PALETTE_CHORD: ReservedCommand = { id: 'palette.open', keybinding: 'mod+k' };

/**
 * Contract checks on the browser half of the plugins that need no rendering: ids, ownership, config defaults,
 * keybinding conflicts and the declared services (a required one nobody provides, two providers, a cycle). `reserved` are core's own commands, whose ids and keybindings plugins may not take.
 * The app refuses plugins with problems at start-up; tests/contracts runs the same checks.
 */
export function clientPluginProblems(plugins: readonly ClientPlugin[], reserved: readonly ReservedCommand[] = []): string[] {
  const problems: string[] = [];
  const pluginIds = new Set<string>();
  const panelOwner = new Map<string, string>();
  /** Who declared a command id: `core`, a plugin id, or the panel whose automatic "Open <title>" command it is. */
  const commandOwner = new Map<string, { plugin: string; openPanel?: PanelDefinition }>();
  for (const c of reserved) commandOwner.set(c.id, { plugin: 'core' });
  const reservedNamespaces = new Set([...CORE_NAMESPACES, ...reserved.map((c) => c.id.split('.')[0] ?? '')]);

  for (const plugin of plugins) {
    const id = plugin.manifest.id;
    if (!PLUGIN_ID.test(id)) problems.push(`plugin id '${id}' is not kebab-case`);
    if (pluginIds.has(id)) problems.push(`plugin id '${id}' is used twice`);
    pluginIds.add(id);
    if (reservedNamespaces.has(id)) problems.push(`plugin id '${id}' is reserved for core (${[...reservedNamespaces].sort().join(', ')})`);

    for (const panel of plugin.panels ?? []) {
      if (!QUALIFIED_ID.test(panel.type) || !isOwnedBy(panel.type, id)) {
        problems.push(`panel type '${panel.type}' of plugin '${id}' must be named '${id}.<camelName>'`);
      }
      const other = panelOwner.get(panel.type);
      if (other !== undefined) {
        problems.push(
          other === id
            ? `panel type '${panel.type}' is declared twice by plugin '${id}'`
            : `panel type '${panel.type}' is declared by both '${other}' and '${id}'`,
        );
      } else {
        panelOwner.set(panel.type, id);
      }
      if (!panel.title.trim()) problems.push(`panel '${panel.type}' needs a title (it names its 'Open <title>' command)`);
      problems.push(...panelConfigProblems(panel));
    }

    // The automatic "Open <title>" commands the app registers for every panel take ids in the plugin's namespace.
    for (const { panel, command } of openCommandsOf(plugin)) {
      if (!commandOwner.has(command.id)) commandOwner.set(command.id, { plugin: id, openPanel: panel });
    }

    for (const command of plugin.commands ?? []) {
      if (!QUALIFIED_ID.test(command.id) || !isOwnedBy(command.id, id)) {
        problems.push(`command id '${command.id}' of plugin '${id}' must be named '${id}.<verbNoun>'`);
      }
      const other = commandOwner.get(command.id);
      if (other === undefined) {
        commandOwner.set(command.id, { plugin: id });
      } else if (other.openPanel) {
        problems.push(
          `command id '${command.id}' of plugin '${id}' is taken by the automatic 'Open ${other.openPanel.title}' ` +
            `command of panel '${other.openPanel.type}'`,
        );
      } else if (other.plugin === 'core') {
        problems.push(`command id '${command.id}' of plugin '${id}' is a core command`);
      } else if (other.plugin === id) {
        problems.push(`command id '${command.id}' is declared twice by plugin '${id}'`);
      } else {
        problems.push(`command id '${command.id}' is declared by both '${other.plugin}' and '${id}'`);
      }
      problems.push(...commandShapeProblems(command));
    }
  }

  problems.push(...keybindingProblems(plugins, reserved));
  problems.push(...planActivation(plugins, coreClientServices).problems);
  problems.push(...dimensionProblems(plugins));
  return problems;
}

/** A `when` string that does not parse; a keybinding on a command the palette cannot run (it needs arguments). */
function commandShapeProblems(command: CommandDefinition): string[] {
  const problems: string[] = [];
  if (typeof command.when === 'string') {
    try {
      parseWhen(command.when);
    } catch (error) {
      problems.push(`command '${command.id}' has a bad 'when': ${(error as Error).message}`);
    }
  }
  if (command.keybinding !== undefined && needsArguments(command)) {
    problems.push(`command '${command.id}' needs arguments, so it cannot have a keybinding`);
  }
  return problems;
}

/** The automatic "Open <title>" commands of a plugin's well-named panels, exactly as the command registry makes them. */
function openCommandsOf(plugin: ClientPlugin): Array<{ panel: PanelDefinition; command: CommandDefinition }> {
  return (plugin.panels ?? [])
    .filter((panel) => QUALIFIED_ID.test(panel.type))
    .map((panel) => ({ panel, command: panelOpenCommands([panel])[0]! }));
}

/** A panel's config spec: an integer version >= 1, defaults its own schema accepts, a migrate when past version 1. */
function panelConfigProblems(panel: PanelDefinition): string[] {
  const problems: string[] = [];
  const { version, schema, defaults, migrate } = panel.config;
  if (!Number.isInteger(version) || version < 1) {
    problems.push(`panel '${panel.type}' needs an integer config.version >= 1 (got ${String(version)})`);
  } else if (version > 1 && !migrate) {
    problems.push(`panel '${panel.type}' is at config.version ${version} but has no config.migrate for older stored configs`);
  }
  const issues = parseIssues(schema, defaults);
  if (issues) problems.push(`panel '${panel.type}' config.defaults do not match its config.schema: ${issues}`);
  return problems;
}

interface Binding {
  /** How the problem names it: `command 'x.y' (plugin 'x')` or `core command 'workspace.z'`. */
  label: string;
  raw: string;
  /** The chord as pressed on each platform (`mod` is Cmd on macOS, Ctrl elsewhere). */
  mac: string;
  other: string;
}

/**
 * Two commands bound to one chord on either platform conflict. `mod+k` and `ctrl+k` are the same chord on
 * Windows and Linux, `mod+k` and `meta+k` on macOS. The automatic "Open <title>" commands are included; today
 * they carry no keybinding, so they only matter if the registry starts giving them one.
 */
function keybindingProblems(plugins: readonly ClientPlugin[], reserved: readonly ReservedCommand[]): string[] {
  const problems: string[] = [];
  const bindings: Binding[] = [];
  const add = (label: string, raw: string | undefined) => {
    if (raw === undefined) return;
    let normal: string;
    try {
      normal = normaliseKeybinding(raw);
    } catch (e) {
      problems.push(`${label} has an invalid keybinding '${raw}': ${(e as Error).message}`);
      return;
    }
    bindings.push({ label, raw, mac: onPlatform(normal, 'meta'), other: onPlatform(normal, 'ctrl') });
  };
  for (const c of reserved) add(`core command '${c.id}'`, c.keybinding);
  for (const p of plugins) {
    for (const c of p.commands ?? []) add(`command '${c.id}' (plugin '${p.manifest.id}')`, c.keybinding);
    for (const { command } of openCommandsOf(p)) add(`command '${command.id}' ('${command.title}')`, command.keybinding);
  }

  for (let i = 0; i < bindings.length; i++) {
    for (let j = i + 1; j < bindings.length; j++) {
      const a = bindings[i]!;
      const b = bindings[j]!;
      const onMac = a.mac === b.mac;
      const onOther = a.other === b.other;
      if (!onMac && !onOther) continue;
      const where = onMac && onOther ? '' : onMac ? ' on macOS' : ' on Windows and Linux';
      problems.push(`keybinding '${a.raw}' of ${a.label} conflicts with '${b.raw}' of ${b.label}${where}`);
    }
  }
  return problems;
}

/** `mod` replaced by the platform's key, modifiers re-sorted by normaliseKeybinding. */
function onPlatform(normalised: string, mod: 'meta' | 'ctrl'): string {
  const parts = normalised.split('+');
  const key = parts.pop()!;
  const mods = new Set(parts.map((p) => (p === 'mod' ? mod : p)));
  return normaliseKeybinding([...mods, key].join('+'));
}

/**
 * Problems of built-in layouts against the panels the client knows: the structural problems of `layoutProblems`,
 * duplicate layout ids, panes naming unknown panel types and, when full panel definitions are given, pane configs
 * the panel would reject (at runtime such a pane silently falls back to its defaults with a warning).
 */
export function layoutProblemsAgainst(
  layouts: readonly Layout[],
  panelTypes: Iterable<string | PanelDefinition>,
): string[] {
  const known = new Map<string, PanelDefinition | null>();
  for (const t of panelTypes) {
    if (typeof t === 'string') known.set(t, known.get(t) ?? null);
    else known.set(t.type, t);
  }
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const layout of layouts) {
    const where = `layout '${layout.id}'`;
    if (ids.has(layout.id)) problems.push(`${where} is declared twice`);
    ids.add(layout.id);
    for (const p of layoutProblems(layout)) problems.push(`${where}: ${p}`);
    for (const [paneId, pane] of Object.entries(layout.panes)) {
      if (!known.has(pane.type)) {
        problems.push(`${where}: pane '${paneId}' uses unknown panel type '${pane.type}'`);
        continue;
      }
      const panel = known.get(pane.type);
      if (panel) problems.push(...paneConfigProblems(`${where}: pane '${paneId}' (${pane.type})`, pane, panel));
    }
  }
  return problems;
}

function paneConfigProblems(where: string, pane: Layout['panes'][string], panel: PanelDefinition): string[] {
  const { version, migrate, schema } = panel.config;
  if (pane.configVersion > version) {
    return [`${where} has configVersion ${pane.configVersion}, newer than the panel's config.version ${version}`];
  }
  let candidate: unknown = pane.config;
  if (pane.configVersion < version) {
    if (!migrate) return [`${where} has configVersion ${pane.configVersion} but the panel (version ${version}) has no migrate`];
    try {
      candidate = migrate(pane.config, pane.configVersion);
    } catch (e) {
      return [`${where}: migrating its config from version ${pane.configVersion} failed: ${(e as Error).message}`];
    }
  }
  const issues = parseIssues(schema, candidate);
  return issues ? [`${where} has a config the panel's schema rejects: ${issues}`] : [];
}

/** The first few zod issues as `path: message`, or null when the value parses. */
function parseIssues(schema: PanelDefinition['config']['schema'], value: unknown): string | null {
  let result;
  try {
    result = schema.safeParse(value);
  } catch (e) {
    return `parsing threw: ${(e as Error).message}`;
  }
  if (result.success) return null;
  return result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
