import { assign, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Conversation, ConversationStatus } from '../shared/api';
import { isActive } from '../shared/rules';

/**
 * The lifecycle of one conversation (spec part 1 section 4), shared by the picker item, the dashboard card and the
 * conversation view: one actor per conversation, created once (lifecycleRegistry.ts).
 *
 * Two regions run side by side:
 * - `status` mirrors the server: pending -> running -> success | failed | cancelled (and back to pending on a
 *   re-run). SERVER_UPDATE events move it; while a re-run request is in flight they are held back so a poll that
 *   left before the request cannot flip the optimistic PENDING back.
 * - `rerun`: idle -> requesting -> idle. RERUN shows PENDING at once (optimistic), invokes `requestRerun`, then
 *   confirms with the server's answer, or rolls back to the previous status with the server's message.
 */
export interface LifecycleContext {
  conversation: Conversation;
  /** The conversation as it was before an optimistic re-run, to roll back to. */
  beforeRerun: Conversation | null;
  /** A server update that arrived while a re-run was in flight. */
  heldUpdate: Conversation | null;
  /** The last failed re-run's message. */
  error: string | null;
}

export type LifecycleEvent =
  | { type: 'SERVER_UPDATE'; conversation: Conversation }
  | { type: 'RERUN' }
  | { type: 'DISMISS_ERROR' }
  | { type: 'SYNC_STATUS' };

const STATUS_STATE: Record<ConversationStatus, string> = {
  PENDING: 'pending', RUNNING: 'running', SUCCESS: 'success', FAILED: 'failed', CANCELLED: 'cancelled',
};

/** Guarded transitions from any status state to the one matching context.conversation.status. */
const toCurrentStatus = (Object.keys(STATUS_STATE) as ConversationStatus[]).map((status) => ({
  guard: ({ context }: { context: LifecycleContext }) => context.conversation.status === status,
  target: `#lifecycle.status.${STATUS_STATE[status]}`,
}));

export const lifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as { conversation: Conversation },
  },
  actors: {
    requestRerun: fromPromise<Conversation, { conversation: Conversation }>(async () => {
      throw new Error('requestRerun not provided');
    }),
  },
  guards: {
    canRerun: ({ context }) => !isActive(context.conversation.status),
  },
}).createMachine({
  id: 'lifecycle',
  type: 'parallel',
  context: ({ input }) => ({ conversation: input.conversation, beforeRerun: null, heldUpdate: null, error: null }),
  states: {
    status: {
      initial: 'unknown',
      on: { SYNC_STATUS: toCurrentStatus },
      states: {
        unknown: { always: toCurrentStatus },
        pending: {},
        running: {},
        success: {},
        failed: {},
        cancelled: {},
      },
    },
    rerun: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SERVER_UPDATE: {
              actions: [assign({ conversation: ({ event }) => event.conversation }), raise({ type: 'SYNC_STATUS' })],
            },
            RERUN: {
              guard: 'canRerun',
              target: 'requesting',
              actions: [
                assign({
                  beforeRerun: ({ context }) => context.conversation,
                  conversation: ({ context }) => ({ ...context.conversation, status: 'PENDING' as const, rerun: true }),
                  error: null,
                }),
                raise({ type: 'SYNC_STATUS' }),
              ],
            },
          },
        },
        requesting: {
          on: { SERVER_UPDATE: { actions: assign({ heldUpdate: ({ event }) => event.conversation }) } },
          invoke: {
            src: 'requestRerun',
            input: ({ context }) => ({ conversation: context.beforeRerun ?? context.conversation }),
            onDone: {
              target: 'idle',
              // After a re-run it shows PENDING until refreshed, whatever a poll said meanwhile.
              actions: [
                assign({ conversation: ({ event }) => ({ ...event.output, status: 'PENDING' as const }), beforeRerun: null, heldUpdate: null }),
                raise({ type: 'SYNC_STATUS' }),
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({
                  conversation: ({ context }) => context.heldUpdate ?? context.beforeRerun ?? context.conversation,
                  beforeRerun: null,
                  heldUpdate: null,
                  error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
                }),
                raise({ type: 'SYNC_STATUS' }),
              ],
            },
          },
        },
      },
    },
  },
  // SYNC_STATUS (raised after every change of context.conversation) keeps the status region in step with it.
  on: { DISMISS_ERROR: { actions: assign({ error: null }) } },
});

export type LifecycleActor = ActorRefFrom<typeof lifecycleMachine>;
export type LifecycleSnapshot = SnapshotFrom<typeof lifecycleMachine>;

export const selectStatus = (s: LifecycleSnapshot): ConversationStatus => s.context.conversation.status;
export const selectRerunInFlight = (s: LifecycleSnapshot) => s.matches({ rerun: 'requesting' });
export const selectConversation = (s: LifecycleSnapshot) => s.context.conversation;
export const selectError = (s: LifecycleSnapshot) => s.context.error;
