import { useEffect, useRef } from 'react';
import type { CommandContext } from '@core/client/plugin/contract';
import { hasCommandModifier, isTypingTarget } from './keys';
import type { CommandRegistry } from './registry';

export interface GlobalKeybindingOptions {
  /** Errors thrown by a command (it was visible and enabled, then failed). Default: console.error. */
  onError?: (error: unknown, commandId: string) => void;
  /** Turn the listener off, e.g. while a modal that owns the keyboard is open. Default true. */
  enabled?: boolean;
}

/**
 * Runs the command whose effective keybinding matches a keydown anywhere in the page. Plain keys (and Shift+key)
 * typed into inputs, textareas and contenteditable elements are left alone; chords with Ctrl, Cmd or Alt still
 * work there, as in an IDE. A matching command that is disabled in the context swallows the chord without running,
 * so the browser's own shortcut does not fire in its place.
 */
export function useGlobalKeybindings(
  registry: CommandRegistry,
  getContext: () => CommandContext,
  options: GlobalKeybindingOptions = {},
): void {
  const getContextRef = useRef(getContext);
  getContextRef.current = getContext;
  const onErrorRef = useRef(options.onError);
  onErrorRef.current = options.onError;
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      if (isTypingTarget(event.target) && !hasCommandModifier(event)) return;
      // Keys pressed in the command palette belong to the palette.
      if (event.target instanceof Element && event.target.closest('[cmdk-dialog]')) return;
      const ctx = getContextRef.current();
      const command = registry.findByEvent(event, ctx);
      if (!command) return;
      event.preventDefault();
      if (!registry.entry(command.id, ctx)?.enabled) return;
      registry.run(command.id, ctx).catch((error: unknown) => {
        if (onErrorRef.current) onErrorRef.current(error, command.id);
        else console.error(`[commands] '${command.id}' failed`, error);
      });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [registry, enabled]);
}
