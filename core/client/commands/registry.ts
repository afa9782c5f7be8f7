import type { CommandContext, CommandDefinition, PanelDefinition } from '@core/client/plugin/contract';
import { workspaceServiceKey } from '@core/client/workspace/workspaceService';
import { normaliseKeybinding } from '@core/shared/commands/keybinding';
import { isMacPlatform, keybindingMatches, type KeyboardEventLike } from './keys';
import { needsArguments, parseCommandArgs } from './args';
import { compiledWhen, disabledReason, isCommandVisible } from './conditions';
import { PanelCommandHandlers } from './panelHandlers';

/** Command ids are persisted (recent list, keybinding overrides): `<pluginId>.<verbNoun>`, checked on register. */
export const COMMAND_ID = /^[a-z][a-z0-9-]*\.[a-z][A-Za-z0-9]*$/;
export const RECENT_STORAGE_KEY = 'narrascope:commands:recent';
export const KEYBINDINGS_STORAGE_KEY = 'narrascope:commands:keybindings';
export const MAX_RECENT = 10;

/** A command as the palette shows it in a given context. */
export interface CommandEntry {
  command: CommandDefinition;
  enabled: boolean;
  /** Why it is disabled (from `enabled`), null when enabled. */
  reason: string | null;
  /** Effective binding (user override or default), normalised; null when unbound. */
  keybinding: string | null;
}

export class CommandUnavailableError extends Error {
  constructor(
    readonly commandId: string,
    message: string,
  ) {
    super(message);
    this.name = 'CommandUnavailableError';
  }
}

/** The part of `Storage` the registry uses; `null` keeps recent commands and overrides in memory only. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface CommandRegistryOptions {
  /** Defaults to `window.localStorage` when it exists. */
  storage?: KeyValueStorage | null;
  /** Defaults to detecting the platform from `navigator.platform`. */
  isMac?: boolean;
  /** The context `execute` runs commands in when given none; the shell replaces it with `setContextProvider`. */
  context?: () => CommandContext;
}

/**
 * One registry for core and plugin commands (architecture guide §3). It answers what the palette shows in a context
 * (`when` hides, `enabled` disables with a reason), runs commands, remembers recent ids, and resolves keybindings
 * with user overrides. Changes are announced to subscribers so React views can re-render.
 */
export class CommandRegistry {
  readonly isMac: boolean;
  /** Panes that carry out commands (`usePanelCommand`), for commands' `handOver`. */
  readonly handlers = new PanelCommandHandlers();
  private readonly commands = new Map<string, CommandDefinition>();
  /** Commands that cannot run without arguments: not in the palette, never bound to keys. */
  private readonly needingArgs = new Set<string>();
  private contextProvider: (() => CommandContext) | null;
  private readonly storage: KeyValueStorage | null;
  private recentIds: string[];
  private overrides: Record<string, string | null>;
  private readonly listeners = new Set<() => void>();
  private readonly runListeners = new Set<(id: string) => void>();
  private version = 0;

  constructor(options: CommandRegistryOptions = {}) {
    this.isMac = options.isMac ?? isMacPlatform();
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.recentIds = this.readRecent();
    this.overrides = this.readOverrides();
    this.contextProvider = options.context ?? null;
  }

  /** Registers commands; returns a disposer that removes exactly these. Throws on a bad or duplicate id. */
  register(commands: CommandDefinition | readonly CommandDefinition[]): () => void {
    const list = Array.isArray(commands) ? [...(commands as readonly CommandDefinition[])] : [commands as CommandDefinition];
    const seen = new Set<string>();
    for (const command of list) {
      if (!COMMAND_ID.test(command.id)) {
        throw new Error(`Command id '${command.id}' must look like '<pluginId>.<verbNoun>' (e.g. 'posts.exportCsv')`);
      }
      if (this.commands.has(command.id) || seen.has(command.id)) {
        throw new Error(`Command '${command.id}' is already registered`);
      }
      if (command.keybinding !== undefined) normaliseKeybinding(command.keybinding); // throws with the binding named
      if (typeof command.when === 'string') {
        try {
          compiledWhen(command.when);
        } catch (error) {
          throw new Error(`Command '${command.id}' has a bad 'when': ${(error as Error).message}`);
        }
      }
      if (command.keybinding !== undefined && needsArguments(command)) {
        throw new Error(`Command '${command.id}' needs arguments, so it cannot have a keybinding`);
      }
      seen.add(command.id);
    }
    for (const command of list) {
      this.commands.set(command.id, command);
      if (needsArguments(command)) this.needingArgs.add(command.id);
    }
    this.changed();
    return () => {
      let removed = false;
      for (const command of list) {
        if (this.commands.get(command.id) === command) {
          this.commands.delete(command.id);
          this.needingArgs.delete(command.id);
          removed = true;
        }
      }
      if (removed) this.changed();
    };
  }

  get(id: string): CommandDefinition | undefined {
    return this.commands.get(id);
  }

  /** Every registered command, whatever the context. */
  all(): CommandDefinition[] {
    return [...this.commands.values()];
  }

  /**
   * Commands the palette offers in `ctx` (a throwing `when` hides its command; commands that need arguments are
   * never offered), sorted by category then title.
   */
  list(ctx: CommandContext): CommandEntry[] {
    const entries: CommandEntry[] = [];
    for (const id of this.commands.keys()) {
      const entry = this.entry(id, ctx);
      if (entry) entries.push(entry);
    }
    return entries.sort(
      (a, b) => a.command.category.localeCompare(b.command.category) || a.command.title.localeCompare(b.command.title),
    );
  }

  /** One command as `list` would show it in `ctx`; null when it is unknown or hidden there. */
  entry(id: string, ctx: CommandContext): CommandEntry | null {
    const command = this.commands.get(id);
    if (!command || this.needingArgs.has(id) || !isCommandVisible(command, ctx)) return null;
    const reason = disabledReason(command, ctx);
    return { command, enabled: reason === null, reason, keybinding: this.effectiveKeybinding(id) };
  }

  /**
   * What the palette and keybindings do: runs a command if it is visible and enabled in `ctx`, recording it as
   * recent first (so a command that navigates away is still remembered). Throws `CommandUnavailableError` otherwise,
   * `CommandArgumentsError` for arguments its schema refuses; errors from the command propagate.
   */
  async run(id: string, ctx: CommandContext, args?: unknown): Promise<void> {
    const command = this.commands.get(id);
    if (!command) throw new CommandUnavailableError(id, `Unknown command '${id}'`);
    if (!isCommandVisible(command, ctx)) throw new CommandUnavailableError(id, `Command '${id}' is not available here`);
    const reason = disabledReason(command, ctx);
    if (reason !== null) throw new CommandUnavailableError(id, reason);
    const parsed = parseCommandArgs(command, args);
    this.remember(id);
    for (const listener of [...this.runListeners]) listener(id);
    await command.run(ctx, parsed);
  }

  /** Told the id of every command a user runs (palette or keybinding), e.g. for product analytics. */
  onRun(listener: (id: string) => void): () => void {
    this.runListeners.add(listener);
    return () => { this.runListeners.delete(listener); };
  }

  /**
   * What code does (panels, other commands), as VS Code's `executeCommand`: runs a command with arguments, validated
   * by its schema (`CommandArgumentsError`), in `ctx` or the current context. `when` and `enabled` describe the
   * palette's offer, so they are not checked here, and the command is not recorded as recent.
   */
  async execute<Args>(command: CommandDefinition<Args> | string, args?: Args, ctx?: CommandContext): Promise<void> {
    const id = typeof command === 'string' ? command : command.id;
    const registered = this.commands.get(id);
    if (!registered) throw new CommandUnavailableError(id, `Unknown command '${id}'`);
    const parsed = parseCommandArgs(registered, args);
    await registered.run(ctx ?? this.currentContext(), parsed);
  }

  /** The context `execute` uses when given none; the shell sets it while mounted. The disposer restores the previous one. */
  setContextProvider(provider: () => CommandContext): () => void {
    const previous = this.contextProvider;
    this.contextProvider = provider;
    return () => {
      if (this.contextProvider === provider) this.contextProvider = previous;
    };
  }

  currentContext(): CommandContext {
    if (!this.contextProvider) throw new Error('No command context: pass one, or set a provider with setContextProvider');
    return this.contextProvider();
  }

  /** True for commands the palette cannot run because they need arguments. */
  needsArguments(id: string): boolean {
    return this.needingArgs.has(id);
  }

  /** Recently run command ids, most recent first (ids of commands no longer registered included). */
  recent(): string[] {
    return [...this.recentIds];
  }

  defaultKeybinding(id: string): string | null {
    const binding = this.commands.get(id)?.keybinding;
    return binding === undefined ? null : normaliseKeybinding(binding);
  }

  /** The user's override when there is one (null = deliberately unbound), else the command's default. */
  effectiveKeybinding(id: string): string | null {
    if (Object.prototype.hasOwnProperty.call(this.overrides, id)) {
      const override = this.overrides[id];
      return override === null || override === undefined ? null : normaliseKeybinding(override);
    }
    return this.defaultKeybinding(id);
  }

  /** Override a binding; `null` unbinds. Setting the default again removes the override. */
  setKeybinding(id: string, binding: string | null): void {
    const normalised = binding === null ? null : normaliseKeybinding(binding);
    const next = { ...this.overrides };
    if (normalised !== null && normalised === this.defaultKeybinding(id)) delete next[id];
    else next[id] = normalised;
    this.overrides = next;
    this.writeOverrides();
    this.changed();
  }

  resetKeybinding(id: string): void {
    if (!Object.prototype.hasOwnProperty.call(this.overrides, id)) return;
    const next = { ...this.overrides };
    delete next[id];
    this.overrides = next;
    this.writeOverrides();
    this.changed();
  }

  hasOverride(id: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.overrides, id);
  }

  /** Other registered commands whose effective binding is `binding` (for warnings in the editor). */
  conflicts(binding: string, exceptId?: string): string[] {
    const wanted = normaliseKeybinding(binding);
    return this.all()
      .filter((command) => command.id !== exceptId && this.effectiveKeybinding(command.id) === wanted)
      .map((command) => command.id);
  }

  /**
   * The command whose effective binding matches a keydown. With a context, commands hidden in it are skipped, so
   * one chord can serve different commands on different pages.
   */
  findByEvent(event: KeyboardEventLike, ctx?: CommandContext): CommandDefinition | undefined {
    for (const command of this.commands.values()) {
      const binding = this.effectiveKeybinding(command.id);
      if (binding === null || this.needingArgs.has(command.id) || !keybindingMatches(binding, event, this.isMac)) continue;
      if (ctx && !isCommandVisible(command, ctx)) continue;
      return command;
    }
    return undefined;
  }

  /** For `useSyncExternalStore`: called after registrations, runs and keybinding changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Changes whenever anything observable changes. */
  getVersion(): number {
    return this.version;
  }

  private remember(id: string): void {
    this.recentIds = [id, ...this.recentIds.filter((existing) => existing !== id)].slice(0, MAX_RECENT);
    this.write(RECENT_STORAGE_KEY, JSON.stringify(this.recentIds));
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }

  private readRecent(): string[] {
    const parsed = this.readJson(RECENT_STORAGE_KEY);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((id): id is string => typeof id === 'string' && COMMAND_ID.test(id)).slice(0, MAX_RECENT);
  }

  private readOverrides(): Record<string, string | null> {
    const parsed = this.readJson(KEYBINDINGS_STORAGE_KEY);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const overrides: Record<string, string | null> = {};
    for (const [id, binding] of Object.entries(parsed as Record<string, unknown>)) {
      if (!COMMAND_ID.test(id)) continue;
      if (binding === null) overrides[id] = null;
      else if (typeof binding === 'string') {
        try {
          overrides[id] = normaliseKeybinding(binding);
        } catch {
          // A hand-edited or outdated entry must not break the palette; it is dropped on the next write.
        }
      }
    }
    return overrides;
  }

  private writeOverrides(): void {
    if (Object.keys(this.overrides).length === 0) this.remove(KEYBINDINGS_STORAGE_KEY);
    else this.write(KEYBINDINGS_STORAGE_KEY, JSON.stringify(this.overrides));
  }

  // Storage can throw (quota, privacy modes); remembering commands is a convenience, never a failure.
  private readJson(key: string): unknown {
    try {
      const raw = this.storage?.getItem(key);
      return raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      /* see readJson */
    }
  }

  private remove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      /* see readJson */
    }
  }
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** `posts.table` → `posts.openTable`; `topic-radar.mapView` → `topic-radar.openMapView`. */
export function panelOpenCommandId(panelType: string): string {
  const dot = panelType.indexOf('.');
  if (dot <= 0) throw new Error(`Panel type '${panelType}' must look like '<pluginId>.<camelName>'`);
  const pluginId = panelType.slice(0, dot);
  const name = panelType.slice(dot + 1);
  return `${pluginId}.open${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/**
 * Every panel type gets an "Open <title>" command, so every pane is reachable by keyboard. They are shown only
 * where a workspace is mounted (and, for panels that need one, inside a conversation).
 */
export function panelOpenCommands(panels: Iterable<PanelDefinition>): CommandDefinition[] {
  return [...panels].map((panel) => ({
    id: panelOpenCommandId(panel.type),
    title: `Open ${panel.title}`,
    category: 'Panels',
    keywords: ['panel', 'pane', 'open', 'show', panel.type, ...(panel.description ? [panel.description] : [])],
    when: (ctx) => ctx.services.has(workspaceServiceKey) && (!panel.needsConversation || ctx.conversationId !== null),
    run: (ctx) => ctx.services.get(workspaceServiceKey).openPanel(panel.type),
  }));
}
