import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ClientPlugin, CommandDefinition } from './contract';
import { clientPluginProblems } from './validate';

const plugin = (commands: CommandDefinition[]): ClientPlugin => ({ manifest: { id: 'radar', title: 'Radar', version: 1 }, commands });
const command = (id: string, extra: Partial<CommandDefinition>): CommandDefinition => ({ id, title: id, category: 'Radar', run: () => {}, ...extra });

describe('clientPluginProblems: commands with when expressions and arguments', () => {
  it('accepts when expressions and commands with arguments (bound to keys when their arguments have defaults)', () => {
    expect(clientPluginProblems([plugin([
      command('radar.focus', { when: "focusedPanelType == 'radar.map' && selectionKind == 'account'" }),
      command('radar.zoom', { keybinding: 'mod+alt+y', args: z.object({ level: z.number() }).default({ level: 1 }) }),
      command('radar.open', { args: z.object({ id: z.string() }) }),
    ])])).toEqual([]);
  });

  it('reports a when expression that does not parse, and a keybinding on a command that needs arguments', () => {
    expect(clientPluginProblems([plugin([
      command('radar.focus', { when: "selectionKind = 'account'" }),
      command('radar.open', { keybinding: 'mod+alt+y', args: z.object({ id: z.string() }) }),
    ])])).toEqual([
      "command 'radar.focus' has a bad 'when': Unexpected character '=' at column 15 of when expression 'selectionKind = 'account''",
      "command 'radar.open' needs arguments, so it cannot have a keybinding",
    ]);
  });
});
