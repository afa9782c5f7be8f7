/**
 * Keybindings are written `mod+shift+k`: `mod` is Cmd on macOS and Ctrl elsewhere. Normalised form sorts the
 * modifiers so two spellings of one chord compare equal (the contract test uses this to find conflicts).
 */
const MODIFIERS = ['mod', 'ctrl', 'alt', 'shift', 'meta'] as const;

export function normaliseKeybinding(binding: string): string {
  const parts = binding.toLowerCase().split('+').map((p) => p.trim()).filter(Boolean);
  const key = parts.filter((p) => !(MODIFIERS as readonly string[]).includes(p));
  if (key.length !== 1) throw new Error(`Keybinding '${binding}' must name exactly one key`);
  const mods = MODIFIERS.filter((m) => parts.includes(m));
  return [...mods, key[0]].join('+');
}

export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export function eventMatches(binding: string, event: KeyEventLike, isMac: boolean): boolean {
  const parts = normaliseKeybinding(binding).split('+');
  const key = parts[parts.length - 1];
  const want = new Set(parts.slice(0, -1));
  const ctrl = want.has('ctrl') || (!isMac && want.has('mod'));
  const meta = want.has('meta') || (isMac && want.has('mod'));
  return (
    event.key.toLowerCase() === key &&
    event.ctrlKey === ctrl &&
    event.metaKey === meta &&
    event.altKey === want.has('alt') &&
    event.shiftKey === want.has('shift')
  );
}

export function displayKeybinding(binding: string, isMac: boolean): string {
  return normaliseKeybinding(binding)
    .split('+')
    .map((p) => {
      if (p === 'mod') return isMac ? '⌘' : 'Ctrl';
      if (p === 'shift') return isMac ? '⇧' : 'Shift';
      if (p === 'alt') return isMac ? '⌥' : 'Alt';
      if (p === 'ctrl') return 'Ctrl';
      if (p === 'meta') return '⌘';
      return p.length === 1 ? p.toUpperCase() : p[0]!.toUpperCase() + p.slice(1);
    })
    .join(isMac ? '' : '+');
}
