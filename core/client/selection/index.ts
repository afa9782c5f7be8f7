export * from './kinds';
export { SelectionService, type OpenPopup, type PopupRendererProps, type PopupRegistration, type Selected, type SelectionSnapshot } from './selectionService';
export { useSelected, useSelectionService, useSelectionSnapshot } from './hooks';
export { PopupHost, type PopupHostProps } from './PopupHost';
export { lazyPopup } from './lazyPopup';
