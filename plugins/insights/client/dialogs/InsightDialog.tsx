import { useEffect, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, Text,
} from '@fluentui/react-components';
import { INSIGHT_MESSAGES, type Insight } from '../../shared/api';
import { allowedActions } from '../../shared/review';
import { INSIGHTS_KEY } from '../api';
import { reviewMachine, reviewState } from '../reviewMachine';
import { useReviewer } from '../user';
import { InsightForm } from './InsightForm';
import { emptyForm, formOf, toNewInsight, toUpdate, validateEdit, validateNew, type FormErrors, type InsightFormValues } from './model';
import { useFormOptions } from './options';
import { ReviewView } from './ReviewView';

/** What a dialog opens on: a new insight (with what is known of its subject), or an existing one to edit or review. */
export type DialogTarget =
  | { mode: 'add'; initial?: Partial<InsightFormValues> }
  | { mode: 'edit'; insight: Insight }
  | { mode: 'review'; insight: Insight };

const TITLES = { add: 'Add insight', edit: 'Edit insight', review: 'Review insight' } as const;

/**
 * The add, edit and review dialogs of spec part 2 sections 2 and 5 (Fluent UI Dialog), one review machine per
 * opening: the form checks section 5 with the shared functions before anything is sent; the review view offers
 * only what the user may do (`allowedActions`); deleting asks first. After a change every insight list refreshes.
 */
export function InsightDialog({ target, onClose }: { target: DialogTarget; onClose: () => void }) {
  const user = useReviewer();
  const queryClient = useQueryClient();
  const options = useFormOptions();
  const existing = target.mode === 'add' ? null : target.insight;
  const [snapshot, send, actor] = useMachine(reviewMachine, { input: { insight: existing, user } });
  const [view, setView] = useState<'form' | 'review'>(target.mode === 'review' ? 'review' : 'form');
  const [values, setValues] = useState<InsightFormValues>(() => (existing ? formOf(existing) : emptyForm(target.mode === 'add' ? target.initial : {})));
  const [errors, setErrors] = useState<FormErrors>({});

  // The insight as the lists now have it (another reviewer, a refetch); the machine ignores it during a call.
  useEffect(() => {
    if (existing) send({ type: 'SYNC', insight: existing });
  }, [existing, send]);

  useEffect(() => {
    const subscription = actor.on('settled', ({ action, insight }) => {
      void queryClient.invalidateQueries({ queryKey: INSIGHTS_KEY });
      // An edit started from the review view goes back to it; anything else is done.
      if (action === 'submit' && target.mode === 'review') {
        setValues(formOf(insight));
        setView('review');
      } else {
        onClose();
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, queryClient, onClose, target.mode]);

  const state = reviewState(snapshot);
  const busy = state === 'submitting';
  const insight = snapshot.context.insight;
  const actions = allowedActions(user, insight?.status ?? null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = insight ? validateEdit(values, insight) : validateNew(values);
    setErrors(problems ?? {});
    if (problems) return;
    send({ type: 'SUBMIT', values: insight ? toUpdate(values) : toNewInsight(values) });
  };

  const title = view === 'form' ? (insight ? TITLES.edit : TITLES.add) : TITLES.review;
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => { if (!d.open && !busy) onClose(); }}>
      <DialogSurface>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>
              {snapshot.context.problem && <MessageBar intent="warning"><MessageBarBody>{snapshot.context.problem}</MessageBarBody></MessageBar>}
              {state === 'error' && snapshot.context.error && (
                <MessageBar intent="error" role="alert"><MessageBarBody>{snapshot.context.error}</MessageBarBody></MessageBar>
              )}
              {view === 'form'
                ? <InsightForm values={values} onChange={setValues} errors={errors} editing={insight !== null} options={options} disabled={busy} />
                : insight && <ReviewView insight={insight} />}
              {state === 'confirmingDelete' && (
                <MessageBar intent="warning" role="alert"><MessageBarBody>{INSIGHT_MESSAGES.deleteConfirm}</MessageBarBody></MessageBar>
              )}
            </DialogContent>
            <DialogActions fluid>
              {busy && <Spinner size="tiny" label="Saving…" />}
              {state === 'confirmingDelete' ? (
                <>
                  <Button appearance="primary" onClick={() => send({ type: 'CONFIRM' })}>Yes, delete</Button>
                  <Button onClick={() => send({ type: 'CANCEL' })}>No, keep it</Button>
                </>
              ) : view === 'form' ? (
                <>
                  <Button appearance="primary" type="submit" disabled={busy}>Submit for review</Button>
                  <Button disabled={busy} onClick={() => (target.mode === 'review' ? setView('review') : onClose())}>Cancel</Button>
                </>
              ) : (
                <>
                  {actions.includes('approve') && <Button appearance="primary" disabled={busy} onClick={() => send({ type: 'APPROVE' })}>Approve</Button>}
                  {actions.includes('reject') && <Button disabled={busy} onClick={() => send({ type: 'REJECT' })}>Decline</Button>}
                  {actions.includes('submit') && <Button disabled={busy} onClick={() => { setErrors({}); setView('form'); }}>Edit</Button>}
                  {actions.includes('delete') && <Button disabled={busy} onClick={() => send({ type: 'DELETE' })}>Delete</Button>}
                  {!actions.length && <Text size={200}>You can read this insight but not change it.</Text>}
                  <Button disabled={busy} onClick={onClose}>Close</Button>
                </>
              )}
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
