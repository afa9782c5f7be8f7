import { describe, expect, it } from 'vitest';
import { bindingFromEvent, isMacPlatform, isTypingTarget, keyFromCode, keybindingMatches, keyName } from './keys';

const ev = (key: string, extra: Partial<{ code: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key,
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe('keys', () => {
  it('detects Apple platforms', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('iPhone')).toBe(true);
    expect(isMacPlatform('Win32')).toBe(false);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
    expect(isMacPlatform('')).toBe(false);
  });

  it('names keys the way bindings spell them', () => {
    expect(keyName(' ')).toBe('space');
    expect(keyName('+')).toBe('plus');
    expect(keyName('ArrowRight')).toBe('arrowright');
    expect(keyFromCode('KeyP')).toBe('p');
    expect(keyFromCode('Digit7')).toBe('7');
    expect(keyFromCode('Backslash')).toBe('\\');
    expect(keyFromCode('F5')).toBeNull();
    expect(keyFromCode(undefined)).toBeNull();
  });

  it('matches by typed key, and by physical key when Shift or Option changed the character', () => {
    expect(keybindingMatches('mod+\\', ev('\\', { ctrlKey: true, code: 'Backslash' }), false)).toBe(true);
    expect(keybindingMatches('mod+shift+\\', ev('|', { ctrlKey: true, shiftKey: true, code: 'Backslash' }), false)).toBe(true);
    expect(keybindingMatches('mod+alt+p', ev('π', { metaKey: true, altKey: true, code: 'KeyP' }), true)).toBe(true);
    // Ctrl+Alt on Windows is AltGr: a typed character must not count as its physical key.
    expect(keybindingMatches('mod+alt+q', ev('@', { ctrlKey: true, altKey: true, code: 'KeyQ' }), false)).toBe(false);
    expect(keybindingMatches('mod+space', ev(' ', { ctrlKey: true, code: 'Space' }), false)).toBe(true);
    expect(keybindingMatches('mod+j', ev('j', { metaKey: true }), false)).toBe(false);
  });

  it('records bindings from key events', () => {
    expect(bindingFromEvent(ev('Control', { ctrlKey: true }), false)).toBeNull();
    expect(bindingFromEvent(ev('J', { ctrlKey: true, shiftKey: true, code: 'KeyJ' }), false)).toBe('mod+shift+j');
    expect(bindingFromEvent(ev('|', { ctrlKey: true, shiftKey: true, code: 'Backslash' }), false)).toBe('mod+shift+\\');
    expect(bindingFromEvent(ev('∂', { metaKey: true, altKey: true, code: 'KeyD' }), true)).toBe('mod+alt+d');
    expect(bindingFromEvent(ev('k', { ctrlKey: true }), true)).toBe('ctrl+k');
    expect(bindingFromEvent(ev('F2'), false)).toBe('f2');
  });

  it('recognises places where keys type text', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inside = document.createElement('span');
    editable.appendChild(inside);
    const button = document.createElement('button');
    expect([input, textarea, editable, inside].map(isTypingTarget)).toEqual([true, true, true, true]);
    expect(isTypingTarget(button)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(window)).toBe(false);
  });
});
