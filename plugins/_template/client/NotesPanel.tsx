import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { apiGet, apiMutate } from '@core/client/api/client';
import type { PanelProps } from '@core/client/plugin/contract';
import { usePanelCommand } from '@core/client/commands/usePanelCommand';
import { NOTES_PATH, noteListSchema, noteSchema } from '../shared/api';
import { startNoteCommand } from './commands';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM },
  form: { display: 'flex', gap: tokens.spacingHorizontalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export const notesQueryKey = (conversationId: string) => ['template', 'notes', conversationId] as const;

/** Lists and adds notes; post-like text is always rendered as text, never HTML. */
export default function NotesPanel({ paneId, conversationId, config }: PanelProps<{ showDates: boolean }>) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // "Start a note" hands its arguments to this pane (not a counter in shared state): take the draft, focus the box.
  usePanelCommand(startNoteCommand, paneId, ({ text: draft }) => {
    if (draft !== undefined) setText(draft);
    // After the palette has closed and given focus back to where it was.
    setTimeout(() => input.current?.focus(), 80);
  });
  const notes = useQuery({
    queryKey: notesQueryKey(conversationId ?? ''),
    enabled: !!conversationId,
    queryFn: () => apiGet(NOTES_PATH, { query: { conversation_id: conversationId }, schema: noteListSchema }),
  });
  const add = useMutation({
    mutationFn: (value: string) => apiMutate('POST', NOTES_PATH, { body: { conversation_id: conversationId, text: value }, schema: noteSchema }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: notesQueryKey(conversationId ?? '') });
    },
  });
  if (!conversationId) return <Text>Open a conversation to keep notes about it.</Text>;
  return (
    <div className={styles.root}>
      <form className={styles.form} onSubmit={(e) => { e.preventDefault(); if (text.trim()) add.mutate(text); }}>
        <Input ref={input} aria-label="New note" value={text} onChange={(_, d) => setText(d.value)} placeholder="Write a note" />
        <Button type="submit" appearance="primary" disabled={add.isPending || !text.trim()}>Add note</Button>
      </form>
      {add.isError && <Text role="alert">{(add.error as Error).message}</Text>}
      {notes.isLoading && <Text>Loading notes…</Text>}
      {notes.data && notes.data.length === 0 && <Text>No notes yet.</Text>}
      <ul className={styles.list}>
        {notes.data?.map((n) => <li key={n.id}>{n.text}{config.showDates ? ` (${new Date(n.created_at).toLocaleString()})` : ''}</li>)}
      </ul>
    </div>
  );
}
