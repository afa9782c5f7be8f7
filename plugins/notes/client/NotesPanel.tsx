import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { apiGet, apiMutate } from '@core/client/api/client';
import type { PanelProps } from '@core/client/plugin/contract';
import { NOTES_PATH, noteListSchema, noteSchema } from '../shared/api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM },
  form: { display: 'flex', gap: tokens.spacingHorizontalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

export const notesQueryKey = (conversationId: string) => ['notes', 'notes', conversationId] as const;

/** Lists and adds notes; post-like text is always rendered as text, never HTML. */
export default function NotesPanel({ conversationId, config }: PanelProps<{ showDates: boolean }>) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
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
        <Input aria-label="New note" value={text} onChange={(_, d) => setText(d.value)} placeholder="Write a note" />
        <Button type="submit" appearance="primary" disabled={add.isPending || !text.trim()}>Add note</Button>
      </form>
      {add.isError && <Text role="alert">{(add.error as Error).message}</Text>}
      {notes.isLoading && <Text>Loading notes…</Text>}
      {notes.data && notes.data.length === 0 && <Text>No notes yet.</Text>}
      <ul className={styles.list}>
        {notes.data?.map((n) => (
          <li key={n.id}>
            <Text>{n.text}</Text>{' '}
            <Text size={200}>— {n.author}{config.showDates ? `, ${new Date(n.created_at).toLocaleString()}` : ''}</Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
