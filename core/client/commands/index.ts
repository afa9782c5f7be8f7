export * from './registry';
export * from './keys';
export { commandsServiceKey } from './commandService';
export * from './coreCommands';
export * from './useGlobalKeybindings';
export { CommandPalette, type CommandPaletteProps } from './CommandPalette';
export { KeybindingsEditor, type KeybindingsEditorProps } from './KeybindingsEditor';
