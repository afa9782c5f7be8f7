import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Conversation, ConversationStatus } from '../shared/api';
import { lifecycleMachine, selectRerunInFlight, selectStatus } from './lifecycleMachine';

function conversation(status: ConversationStatus, over: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c1', name: 'Ballots', project_id: 'p1', query_string: 'ballots', start_date: null, end_date: null, threat_feed: false,
    language: 'en', status, last_run: null, created_at: '2026-01-01T00:00:00.000Z', user_id: 'u1', suspended: false,
    is_scaled: false, is_org_nrms: false, use_existing_data: false, rerun: false, enrichment_stages: [], topics_status: null,
    DAG_step: null, image_url: null, description: null, ...over,
  };
}

/** A re-run request the test settles by hand. */
function deferredRerun() {
  let resolve!: (c: Conversation) => void;
  let reject!: (e: Error) => void;
  const calls: Conversation[] = [];
  const actor = fromPromise<Conversation, { conversation: Conversation }>(({ input }) => {
    calls.push(input.conversation);
    return new Promise<Conversation>((res, rej) => { resolve = res; reject = rej; });
  });
  return { actor, calls, resolve: (c: Conversation) => resolve(c), reject: (e: Error) => reject(e) };
}

function start(initial: Conversation, rerun = deferredRerun()) {
  const actor = createActor(lifecycleMachine.provide({ actors: { requestRerun: rerun.actor } }), { input: { conversation: initial } }).start();
  return { actor, rerun };
}

const statusState = (actor: ReturnType<typeof start>['actor']) => (actor.getSnapshot().value as { status: string }).status;

describe('the conversation lifecycle machine', () => {
  it('starts in the state of the conversation it is given', () => {
    for (const [status, state] of [['PENDING', 'pending'], ['RUNNING', 'running'], ['SUCCESS', 'success'], ['FAILED', 'failed'], ['CANCELLED', 'cancelled']] as const) {
      expect(statusState(start(conversation(status)).actor)).toBe(state);
    }
  });

  it('follows the server: pending -> running -> success', () => {
    const { actor } = start(conversation('PENDING'));
    actor.send({ type: 'SERVER_UPDATE', conversation: conversation('RUNNING', { DAG_step: 2 }) });
    expect(statusState(actor)).toBe('running');
    expect(actor.getSnapshot().context.conversation.DAG_step).toBe(2);
    actor.send({ type: 'SERVER_UPDATE', conversation: conversation('SUCCESS') });
    expect(statusState(actor)).toBe('success');
  });

  it('re-runs optimistically: PENDING at once, then the server\'s answer, and PENDING until refreshed', async () => {
    const { actor, rerun } = start(conversation('SUCCESS'));
    actor.send({ type: 'RERUN' });
    expect(selectStatus(actor.getSnapshot())).toBe('PENDING');
    expect(statusState(actor)).toBe('pending');
    expect(selectRerunInFlight(actor.getSnapshot())).toBe(true);
    expect(rerun.calls.map((c) => c.status)).toEqual(['SUCCESS']);
    // A poll that left before the request must not flip it back.
    actor.send({ type: 'SERVER_UPDATE', conversation: conversation('SUCCESS') });
    expect(statusState(actor)).toBe('pending');
    rerun.resolve(conversation('PENDING', { rerun: true }));
    await waitFor(actor, (s) => !selectRerunInFlight(s));
    expect(statusState(actor)).toBe('pending');
    expect(actor.getSnapshot().context.conversation.rerun).toBe(true);
    actor.send({ type: 'SERVER_UPDATE', conversation: conversation('RUNNING') });
    expect(statusState(actor)).toBe('running');
  });

  it('refuses a re-run while PENDING or RUNNING, or while one is in flight', () => {
    for (const status of ['PENDING', 'RUNNING'] as const) {
      const { actor, rerun } = start(conversation(status));
      actor.send({ type: 'RERUN' });
      expect(selectRerunInFlight(actor.getSnapshot())).toBe(false);
      expect(rerun.calls).toEqual([]);
    }
    const { actor, rerun } = start(conversation('FAILED'));
    actor.send({ type: 'RERUN' });
    actor.send({ type: 'RERUN' });
    expect(rerun.calls).toHaveLength(1);
  });

  it('rolls back to the previous status with the server\'s message when the re-run is refused', async () => {
    const { actor, rerun } = start(conversation('FAILED'));
    actor.send({ type: 'RERUN' });
    rerun.reject(new Error('This conversation is already queued or running'));
    await waitFor(actor, (s) => !selectRerunInFlight(s));
    expect(statusState(actor)).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('This conversation is already queued or running');
    actor.send({ type: 'DISMISS_ERROR' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('rolls back to what the server said meanwhile when that is newer than the optimistic state', async () => {
    const { actor, rerun } = start(conversation('SUCCESS'));
    actor.send({ type: 'RERUN' });
    actor.send({ type: 'SERVER_UPDATE', conversation: conversation('RUNNING') });
    rerun.reject(new Error('already running'));
    await waitFor(actor, (s) => !selectRerunInFlight(s));
    expect(statusState(actor)).toBe('running');
  });
});
