import { assign, createActor, emit, fromPromise, setup, waitFor, type SnapshotFrom } from 'xstate';
import type { PermissionSubject } from '@core/shared/access/permissions';
import type { Insight, InsightUpdate, NewInsight } from '../shared/api';
import { reviewProblem, TARGET_STATUS, type ReviewAction } from '../shared/review';
import type { InsightStatus } from '../shared/vocabulary';
import { createInsight, updateInsight } from './api';

/**
 * The review workflow of one insight (spec part 2 sections 4 and 6), shared by the add/edit/review dialogs and the
 * review queue. The machine rests in the state named after the insight's status (`new` before it exists); an action
 * the user may take goes through `submitting` (and `confirmingDelete` first for DELETE) to the status the server
 * answers, or to `error` with the message to show. An action the user may not take (`reviewProblem`, the rules the
 * server enforces) changes nothing but `problem`, the reason, so the dialogs can say why.
 */

/** What SUBMIT sends: a new insight, or the form's edit of an existing one (the id is the machine's). */
export type SubmitValues = NewInsight | Omit<InsightUpdate, 'id'>;

export interface ReviewInput {
  insight: Insight | null;
  user: PermissionSubject;
}

export interface ReviewContext extends ReviewInput {
  /** Why the last event was refused (cleared by the next accepted one). */
  problem: string | null;
  /** The message of the last failed call. */
  error: string | null;
  /** The action under way (or awaiting confirmation, or failed). */
  action: ReviewAction | null;
  values: SubmitValues | null;
}

export type ReviewEvent =
  | { type: 'SUBMIT'; values: SubmitValues }
  | { type: 'APPROVE' }
  | { type: 'REJECT' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** The insight as the server now has it (a refetch); ignored while a call is under way. */
  | { type: 'SYNC'; insight: Insight };

/** Emitted when a call succeeded: the dialogs close or move on, lists refresh. */
export interface ReviewSettled {
  type: 'settled';
  action: ReviewAction;
  insight: Insight;
}

export interface PerformInput {
  action: ReviewAction;
  insight: Insight | null;
  values: SubmitValues | null;
}

/** The call behind each action: create or edit (submit), or a status change (approve, reject, delete). */
export async function perform({ action, insight, values }: PerformInput): Promise<Insight> {
  if (action === 'submit' && !insight) return createInsight(values as NewInsight);
  if (!insight) throw new Error('There is no insight to change.');
  if (action === 'submit') return updateInsight({ ...(values as Omit<InsightUpdate, 'id'>), id: insight.id });
  return updateInsight({ id: insight.id, status: TARGET_STATUS[action] });
}

const statusOf = (insight: Insight | null): InsightStatus | null => insight?.status ?? null;
const problemOf = (context: ReviewContext, action: ReviewAction) => reviewProblem(context.user, action, statusOf(context.insight));

type ActionParams = { action: ReviewAction };

/** An action event: taken when the user may (`next` state), else refused with the reason and nothing else. */
const attempt = (action: ReviewAction, next: 'submitting' | 'confirmingDelete') => [
  {
    guard: { type: 'may' as const, params: { action } },
    target: next,
    actions: { type: 'start' as const, params: { action } },
  },
  { actions: { type: 'refuse' as const, params: { action } } },
];

const ACTION_EVENTS = {
  SUBMIT: attempt('submit', 'submitting'),
  APPROVE: attempt('approve', 'submitting'),
  REJECT: attempt('reject', 'submitting'),
  DELETE: attempt('delete', 'confirmingDelete'),
};

/** The states an insight rests in: one per status, each accepting the same events (the rules decide). */
const resting = { on: ACTION_EVENTS };

export const reviewMachine = setup({
  types: { context: {} as ReviewContext, events: {} as ReviewEvent, input: {} as ReviewInput, emitted: {} as ReviewSettled },
  actors: { perform: fromPromise<Insight, PerformInput>(({ input }) => perform(input)) },
  guards: {
    may: ({ context }, { action }: ActionParams) => problemOf(context, action) === null,
    isNew: ({ context }) => context.insight === null,
    hasStatus: ({ context }, { status }: { status: InsightStatus }) => context.insight?.status === status,
  },
  actions: {
    start: assign(({ event }, { action }: ActionParams) => ({
      action, problem: null, error: null, values: event.type === 'SUBMIT' ? event.values : null,
    })),
    refuse: assign(({ context }, { action }: ActionParams) => ({ problem: problemOf(context, action) })),
    sync: assign(({ event }) => (event.type === 'SYNC' ? { insight: event.insight, problem: null, error: null } : {})),
  },
}).createMachine({
  id: 'insightReview',
  context: ({ input }) => ({ ...input, problem: null, error: null, action: null, values: null }),
  initial: 'status',
  on: { SYNC: { target: '.status', actions: 'sync' } },
  states: {
    /** Never rested in: routes to the state of the insight's status. */
    status: {
      always: [
        { guard: 'isNew', target: 'new' },
        { guard: { type: 'hasStatus', params: { status: 'pending' } }, target: 'pending' },
        { guard: { type: 'hasStatus', params: { status: 'approved' } }, target: 'approved' },
        { guard: { type: 'hasStatus', params: { status: 'rejected' } }, target: 'rejected' },
        { target: 'deleted' },
      ],
    },
    new: resting,
    pending: resting,
    approved: resting,
    rejected: resting,
    deleted: resting,
    /** Spec part 2 section 5: "Are you sure you want to delete this insight?" */
    confirmingDelete: {
      on: {
        CONFIRM: 'submitting',
        CANCEL: { target: 'status', actions: assign({ action: null }) },
      },
    },
    submitting: {
      // A refetch answering while the call is under way must not undo what the call will answer.
      on: { SYNC: {} },
      invoke: {
        src: 'perform',
        input: ({ context }) => ({ action: context.action!, insight: context.insight, values: context.values }),
        onDone: {
          target: 'status',
          actions: [
            emit(({ context, event }) => ({ type: 'settled' as const, action: context.action!, insight: event.output })),
            assign(({ event }) => ({ insight: event.output, values: null, action: null })),
          ],
        },
        onError: {
          target: 'error',
          actions: assign(({ event }) => ({ error: event.error instanceof Error ? event.error.message : String(event.error) })),
        },
      },
    },
    /** The call failed: the message is shown; the same actions may be tried again, or CANCEL goes back. */
    error: {
      on: { ...ACTION_EVENTS, CANCEL: { target: 'status', actions: assign({ error: null, action: null }) } },
    },
  },
});

export type ReviewSnapshot = SnapshotFrom<typeof reviewMachine>;
export type ReviewState = 'new' | InsightStatus | 'confirmingDelete' | 'submitting' | 'error';

/** The state the machine is in, as one of its top-level names. */
export const reviewState = (snapshot: ReviewSnapshot) => snapshot.value as ReviewState;

export type ReviewOutcome = { ok: true; insight: Insight } | { ok: false; message: string };

/**
 * One action without a dialog (the review queue's approve/decline and go to next): the machine refuses what the
 * user may not do with the reason, or makes the call and answers the insight as the server returns it.
 */
export async function runReview(insight: Insight, user: PermissionSubject, event: Extract<ReviewEvent, { type: 'APPROVE' | 'REJECT' }>): Promise<ReviewOutcome> {
  const actor = createActor(reviewMachine, { input: { insight, user } }).start();
  try {
    actor.send(event);
    const before = actor.getSnapshot();
    if (before.context.problem) return { ok: false, message: before.context.problem };
    const done = await waitFor(actor, (s) => !s.matches('submitting'));
    return done.matches('error') ? { ok: false, message: done.context.error ?? '' } : { ok: true, insight: done.context.insight! };
  } finally {
    actor.stop();
  }
}
