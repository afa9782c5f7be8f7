import { eventMatches, normaliseKeybinding, type KeyEventLike } from '@core/shared/commands/keybinding';

/** A keydown as the browser reports it; `code` is the physical key and lets us see through layout and Option. */
export interface KeyboardEventLike extends KeyEventLike {
  code?: string;
}

/** `mod` means Cmd on Apple platforms and Ctrl elsewhere. */
export function isMacPlatform(platform: string | undefined = globalThis.navigator?.platform): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform ?? '');
}

/**
 * Key names as bindings spell them. `+` separates parts of a binding and surrounding spaces are trimmed, so the
 * space bar and the plus key need words.
 */
export function keyName(key: string): string {
  if (key === ' ') return 'space';
  if (key === '+') return 'plus';
  return key.toLowerCase();
}

const CODE_NAMES: Record<string, string> = {
  Backslash: '\\',
  BracketLeft: '[',
  BracketRight: ']',
  Comma: ',',
  Period: '.',
  Slash: '/',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  Minus: '-',
  Equal: '=',
  Space: 'space',
};

/** The unshifted US name of a physical key (`KeyS` → `s`, `Backslash` → `\`), or null for keys without one. */
export function keyFromCode(code: string | undefined): string | null {
  if (!code) return null;
  const letter = /^Key([A-Z])$/.exec(code);
  if (letter) return letter[1]!.toLowerCase();
  const digit = /^Digit([0-9])$/.exec(code);
  if (digit) return digit[1]!;
  return CODE_NAMES[code] ?? null;
}

/**
 * Whether a keydown triggers a binding. `event.key` is what the user typed, which is right for most chords; but
 * Shift turns `\` into `|` and Option on a Mac turns `p` into `π`, so for those two cases the physical key is
 * tried as well. Ctrl+Alt on Windows is AltGr (it types characters on many layouts), so it is matched by `key` only.
 */
export function keybindingMatches(binding: string, event: KeyboardEventLike, isMac: boolean): boolean {
  const candidates = [keyName(event.key)];
  if (event.shiftKey || (isMac && event.altKey)) {
    const physical = keyFromCode(event.code);
    if (physical !== null && !candidates.includes(physical)) candidates.push(physical);
  }
  // Copy the fields explicitly: a DOM KeyboardEvent keeps them as prototype getters, which object spread drops.
  const { ctrlKey, metaKey, altKey, shiftKey } = event;
  return candidates.some((key) => eventMatches(binding, { key, ctrlKey, metaKey, altKey, shiftKey }, isMac));
}

const MODIFIER_KEYS = new Set(['control', 'shift', 'alt', 'meta', 'os', 'altgraph', 'capslock', 'fn']);

/**
 * The binding a keydown spells, for recording shortcuts in the keybindings editor; null while only modifiers are
 * held. Letters, digits and punctuation are recorded by physical key when Shift or Option changed the character.
 */
export function bindingFromEvent(event: KeyboardEventLike, isMac: boolean): string | null {
  if (MODIFIER_KEYS.has(event.key.toLowerCase())) return null;
  const parts: string[] = [];
  if (isMac) {
    if (event.metaKey) parts.push('mod');
    if (event.ctrlKey) parts.push('ctrl');
  } else {
    if (event.ctrlKey) parts.push('mod');
    if (event.metaKey) parts.push('meta');
  }
  if (event.altKey) parts.push('alt');
  if (event.shiftKey) parts.push('shift');
  const physical = event.shiftKey || (isMac && event.altKey) ? keyFromCode(event.code) : null;
  parts.push(physical ?? keyName(event.key));
  return normaliseKeybinding(parts.join('+'));
}

/** True when the event comes from a place where plain keys type text. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** A chord with Ctrl, Cmd or Alt is a command even inside a text field; Shift alone still types. */
export function hasCommandModifier(event: KeyEventLike): boolean {
  return event.ctrlKey || event.metaKey || event.altKey;
}
