import type { ComponentType } from 'react';
import type { Filters } from '@core/shared/filters';
import type { SelectionKind } from './kinds';

export interface Selected {
  kind: string;
  payload: unknown;
}

export interface OpenPopup {
  /** Unique per opening: a popup opened again starts afresh (its own state, focus and position). */
  key: number;
  kind: string;
  /** Popups of one slot replace each other (the coordination profiles show one at a time). */
  slot: string;
  payload: unknown;
}

export interface SelectionSnapshot {
  selection: Selected | null;
  /** Open popups, bottom first; the last one is on top. */
  popups: readonly OpenPopup[];
}

/** What a popup renderer is given by the host: its payload and the conversation and filters of the page. */
export interface PopupRendererProps<Payload> {
  payload: Payload;
  conversationId: string;
  filters: Filters;
  close: () => void;
}

export interface PopupRegistration {
  render: ComponentType<PopupRendererProps<any>>;
  slot: string;
}

const EMPTY: SelectionSnapshot = { selection: null, popups: [] };

/**
 * The workbench's one selection and its stack of open popups (`core.selection`). Panels and commands select things
 * and open popups by kind; plugins register a renderer per popup kind; the popup host draws the stack once for the
 * whole page, whichever panels are open. The current selection also feeds the `selectionKind` context key of
 * commands' `when` expressions. Browser-only state: nothing here is persisted.
 */
export class SelectionService {
  private snapshot: SelectionSnapshot = EMPTY;
  private readonly renderers = new Map<string, PopupRegistration>();
  private readonly listeners = new Set<() => void>();
  private nextKey = 1;

  /** For `useSyncExternalStore`: a new object after every change. */
  getSnapshot = (): SelectionSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  select<P>(kind: SelectionKind<P>, payload: P): void {
    this.update({ selection: { kind: kind.kind, payload } });
  }

  clearSelection(): void {
    if (this.snapshot.selection) this.update({ selection: null });
  }

  /** The selection's payload when something of `kind` is selected, else null. */
  selected<P>(kind: SelectionKind<P>): P | null {
    const current = this.snapshot.selection;
    return current?.kind === kind.kind ? (current.payload as P) : null;
  }

  /** One renderer per kind (a second registration throws); returns the disposer. */
  registerPopup<P>(kind: SelectionKind<P>, render: ComponentType<PopupRendererProps<P>>, options: { slot?: string } = {}): () => void {
    if (this.renderers.has(kind.kind)) throw new Error(`A popup renderer for kind '${kind.kind}' is already registered`);
    const registration: PopupRegistration = { render, slot: options.slot ?? kind.kind };
    this.renderers.set(kind.kind, registration);
    return () => {
      if (this.renderers.get(kind.kind) === registration) this.renderers.delete(kind.kind);
    };
  }

  renderer(kind: string): PopupRegistration | undefined {
    return this.renderers.get(kind);
  }

  /**
   * Opens a popup on top, replacing any popup of the same slot. A kind nobody draws is a programming error: it is
   * logged and nothing opens (spec: a popup request without a type shows nothing). Returns whether it opened.
   */
  openPopup<P>(kind: SelectionKind<P>, payload: P): boolean {
    const registration = kind?.kind ? this.renderers.get(kind.kind) : undefined;
    if (!registration) {
      console.warn(`No popup renderer for kind '${kind?.kind ?? ''}'; nothing to show`);
      return false;
    }
    const popup: OpenPopup = { key: this.nextKey++, kind: kind.kind, slot: registration.slot, payload };
    this.update({ popups: [...this.snapshot.popups.filter((p) => p.slot !== registration.slot), popup] });
    return true;
  }

  /** Closes one popup by key, or the top one. */
  closePopup(key?: number): void {
    const popups = this.snapshot.popups;
    const target = key ?? popups[popups.length - 1]?.key;
    if (target === undefined || !popups.some((p) => p.key === target)) return;
    this.update({ popups: popups.filter((p) => p.key !== target) });
  }

  /** Closes every popup of `kind`, or every popup. */
  closePopups(kind?: SelectionKind<unknown>): void {
    const popups = kind ? this.snapshot.popups.filter((p) => p.kind !== kind.kind) : [];
    if (popups.length !== this.snapshot.popups.length) this.update({ popups });
  }

  /** The payload of the top-most open popup of `kind`, else null. */
  popup<P>(kind: SelectionKind<P>): P | null {
    const found = this.snapshot.popups.findLast((p) => p.kind === kind.kind);
    return found ? (found.payload as P) : null;
  }

  /** The kind of the top popup, null when none is open (the `popupKind` context key). */
  topPopupKind(): string | null {
    return this.snapshot.popups[this.snapshot.popups.length - 1]?.kind ?? null;
  }

  /** Forgets the selection and closes every popup: another conversation starts afresh. */
  reset(): void {
    if (this.snapshot.selection || this.snapshot.popups.length) this.update(EMPTY);
  }

  private update(patch: Partial<SelectionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}
