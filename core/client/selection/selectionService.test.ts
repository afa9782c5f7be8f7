import { describe, expect, it, vi } from 'vitest';
import { accountKind, clusterKind, postKind, selectionKind } from './kinds';
import { SelectionService } from './selectionService';

const Nothing = () => null;

function setup() {
  const selection = new SelectionService();
  selection.registerPopup(postKind, Nothing);
  // Two kinds sharing a slot replace each other, as the coordination profile popups do.
  selection.registerPopup(accountKind, Nothing, { slot: 'profile' });
  selection.registerPopup(clusterKind, Nothing, { slot: 'profile' });
  const changes = vi.fn();
  selection.subscribe(changes);
  return { selection, changes };
}

const kinds = (selection: SelectionService) => selection.getSnapshot().popups.map((p) => `${p.kind}:${JSON.stringify(p.payload)}`);

describe('SelectionService: the selection', () => {
  it('holds one selection of any kind with its payload, read back by kind', () => {
    const { selection, changes } = setup();
    selection.select(accountKind, { rid: 'r1', clusterId: 'c1' });
    expect(selection.getSnapshot().selection).toEqual({ kind: 'account', payload: { rid: 'r1', clusterId: 'c1' } });
    expect(selection.selected(accountKind)).toEqual({ rid: 'r1', clusterId: 'c1' });
    expect(selection.selected(clusterKind)).toBeNull();
    selection.select(clusterKind, { clusterId: 'c2' });
    expect(selection.selected(accountKind)).toBeNull();
    selection.clearSelection();
    expect(selection.getSnapshot().selection).toBeNull();
    expect(changes).toHaveBeenCalledTimes(3);
  });

  it('takes kinds it has never heard of: the kind is an open string', () => {
    const { selection } = setup();
    const hashtag = selectionKind<{ tag: string }>('coordination.hashtag');
    selection.select(hashtag, { tag: '#vote' });
    expect(selection.selected(hashtag)).toEqual({ tag: '#vote' });
    expect(() => selectionKind('  ')).toThrow('A selection kind needs a name');
  });
});

describe('SelectionService: the popups', () => {
  it('stacks popups in opening order; a popup of the same slot replaces the older one and comes on top', () => {
    const { selection } = setup();
    selection.openPopup(clusterKind, { clusterId: 'c1' });
    selection.openPopup(postKind, { postId: '7' });
    selection.openPopup(accountKind, { rid: 'r1' });
    expect(kinds(selection)).toEqual(['post:{"postId":"7"}', 'account:{"rid":"r1"}']);
    expect([selection.popup(accountKind), selection.popup(clusterKind), selection.topPopupKind()]).toEqual([{ rid: 'r1' }, null, 'account']);
    selection.openPopup(postKind, { postId: '8' });
    expect(kinds(selection)).toEqual(['account:{"rid":"r1"}', 'post:{"postId":"8"}']);
  });

  it('gives each opening its own key, so a popup opened again starts afresh', () => {
    const { selection } = setup();
    selection.openPopup(postKind, { postId: '7' });
    const first = selection.getSnapshot().popups[0]!.key;
    selection.openPopup(postKind, { postId: '7' });
    expect(selection.getSnapshot().popups[0]!.key).not.toBe(first);
  });

  it('closes the top popup, one by key, those of a kind, or all', () => {
    const { selection } = setup();
    selection.openPopup(postKind, { postId: '7' });
    selection.openPopup(accountKind, { rid: 'r1' });
    selection.closePopup();
    expect(kinds(selection)).toEqual(['post:{"postId":"7"}']);
    selection.openPopup(accountKind, { rid: 'r2' });
    selection.closePopup(selection.getSnapshot().popups[0]!.key);
    expect(kinds(selection)).toEqual(['account:{"rid":"r2"}']);
    selection.openPopup(postKind, { postId: '9' });
    selection.closePopups(postKind);
    expect(kinds(selection)).toEqual(['account:{"rid":"r2"}']);
    selection.closePopups();
    expect(kinds(selection)).toEqual([]);
  });

  it('opens nothing for a kind without a renderer, and says so (a programming error)', () => {
    const { selection, changes } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(selection.openPopup(selectionKind<{ x: number }>('nobody.draws'), { x: 1 })).toBe(false);
    expect(warn).toHaveBeenCalledWith("No popup renderer for kind 'nobody.draws'; nothing to show");
    expect(changes).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('takes one renderer per kind; its disposer unregisters it', () => {
    const { selection } = setup();
    expect(() => selection.registerPopup(postKind, Nothing)).toThrow("A popup renderer for kind 'post' is already registered");
    const other = new SelectionService();
    const dispose = other.registerPopup(postKind, Nothing);
    expect(other.renderer('post')?.slot).toBe('post');
    dispose();
    expect(other.renderer('post')).toBeUndefined();
  });

  it('reset forgets the selection and closes every popup', () => {
    const { selection, changes } = setup();
    selection.select(accountKind, { rid: 'r1' });
    selection.openPopup(postKind, { postId: '7' });
    changes.mockClear();
    selection.reset();
    expect(selection.getSnapshot()).toEqual({ selection: null, popups: [] });
    selection.reset();
    expect(changes).toHaveBeenCalledTimes(1);
  });
});
