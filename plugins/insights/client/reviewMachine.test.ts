import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { PermissionSubject } from '@core/shared/access/permissions';
import { INSIGHT_MESSAGES, type Insight } from '../shared/api';
import { REVIEW_MESSAGES } from '../shared/review';
import { reviewMachine, reviewState, runReview, type ReviewEvent } from './reviewMachine';
import { analyst, fakeInsightsApi, insight, reader, seniorAnalyst, type FakeInsightsApi } from './testing/fakeInsightsApi';

let api: FakeInsightsApi;
beforeEach(() => {
  api = fakeInsightsApi([
    insight(1, { status: 'pending' }), insight(2, { status: 'approved' }), insight(3, { status: 'rejected' }), insight(4, { status: 'deleted' }),
  ]);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  document.cookie = 'csrf_access_token=test-csrf';
});
afterEach(() => vi.unstubAllGlobals());

const stored = (n: number) => api.insights[n - 1]!;
const start = (subject: Insight | null, user: PermissionSubject) => {
  api.setUser(user);
  return createActor(reviewMachine, { input: { insight: subject, user } }).start();
};
const settle = (actor: ReturnType<typeof start>) => waitFor(actor, (s) => !s.matches('submitting'));
const writes = () => api.calls.filter((c) => c.method !== 'GET');
const NEW_ACCOUNT = { analyzable_type: 'account', platform: 'twitter', screen_name: 'newhandle', additional_properties: { country_of_origin: 'France' } };

describe('review machine: where it starts', () => {
  it.each([
    [null, 'new'], [1, 'pending'], [2, 'approved'], [3, 'rejected'], [4, 'deleted'],
  ] as const)('an insight %s rests in %s', (n, state) => {
    expect(reviewState(start(n === null ? null : stored(n), analyst).getSnapshot())).toBe(state);
  });
});

describe('review machine: transitions a user may take', () => {
  it('SUBMIT of a new insight creates it pending', async () => {
    const actor = start(null, analyst);
    const settled: string[] = [];
    actor.on('settled', (e) => settled.push(`${e.action}:${e.insight.status}`));
    actor.send({ type: 'SUBMIT', values: NEW_ACCOUNT });
    expect(reviewState(actor.getSnapshot())).toBe('submitting');
    const done = await settle(actor);
    expect(reviewState(done)).toBe('pending');
    expect(done.context.insight?.screen_name).toBe('newhandle');
    expect(writes()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v2/insights', body: NEW_ACCOUNT })]);
    expect(settled).toEqual(['submit:pending']);
  });

  it('SUBMIT of an edit sends the id with the edit; an approved insight edited goes back to pending', async () => {
    const actor = start(stored(2), analyst);
    actor.send({ type: 'SUBMIT', values: { additional_properties: { region: 'Europe' } } });
    expect(reviewState(await settle(actor))).toBe('pending');
    expect(writes()[0]!.body).toEqual({ id: stored(2).id, additional_properties: { region: 'Europe' } });
  });

  it.each([
    ['APPROVE', 'approved'], ['REJECT', 'rejected'],
  ] as const)('a senior analyst may %s a pending insight: it becomes %s', async (type, state) => {
    const actor = start(stored(1), seniorAnalyst);
    actor.send({ type });
    expect(reviewState(await settle(actor))).toBe(state);
    expect(writes()[0]!.body).toEqual({ id: stored(1).id, status: state });
  });

  it('DELETE asks for confirmation first: CANCEL keeps the insight, CONFIRM deletes it', async () => {
    const actor = start(stored(2), seniorAnalyst);
    actor.send({ type: 'DELETE' });
    expect(reviewState(actor.getSnapshot())).toBe('confirmingDelete');
    actor.send({ type: 'CANCEL' });
    expect(reviewState(actor.getSnapshot())).toBe('approved');
    expect(writes()).toEqual([]);
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CONFIRM' });
    expect(reviewState(await settle(actor))).toBe('deleted');
    expect(writes()[0]!.body).toEqual({ id: stored(2).id, status: 'deleted' });
  });

  it('an analyst may delete a pending insight', async () => {
    const actor = start(stored(1), analyst);
    actor.send({ type: 'DELETE' });
    actor.send({ type: 'CONFIRM' });
    expect(reviewState(await settle(actor))).toBe('deleted');
  });

  it('SYNC follows the insight as the server now has it', () => {
    const actor = start(stored(1), seniorAnalyst);
    actor.send({ type: 'SYNC', insight: { ...stored(1), status: 'approved' } });
    expect(reviewState(actor.getSnapshot())).toBe('approved');
  });
});

describe('review machine: refused events leave the state unchanged and say why', () => {
  it.each<[string, number | null, PermissionSubject, ReviewEvent, string, string]>([
    ['an analyst approving', 1, analyst, { type: 'APPROVE' }, 'pending', REVIEW_MESSAGES.notReviewer],
    ['an analyst declining', 1, analyst, { type: 'REJECT' }, 'pending', REVIEW_MESSAGES.notReviewer],
    ['an analyst deleting an approved insight', 2, analyst, { type: 'DELETE' }, 'approved', REVIEW_MESSAGES.deleteNotAllowed],
    ['an analyst deleting a rejected insight', 3, analyst, { type: 'DELETE' }, 'rejected', REVIEW_MESSAGES.deleteNotAllowed],
    ['approving a rejected insight', 3, seniorAnalyst, { type: 'APPROVE' }, 'rejected', REVIEW_MESSAGES.notPending],
    ['declining an approved insight', 2, seniorAnalyst, { type: 'REJECT' }, 'approved', REVIEW_MESSAGES.notPending],
    ['editing a deleted insight', 4, seniorAnalyst, { type: 'SUBMIT', values: { additional_properties: { region: 'Europe' } } }, 'deleted', REVIEW_MESSAGES.alreadyDeleted],
    ['deleting a deleted insight', 4, seniorAnalyst, { type: 'DELETE' }, 'deleted', REVIEW_MESSAGES.alreadyDeleted],
    ['deleting an insight not yet created', null, seniorAnalyst, { type: 'DELETE' }, 'new', REVIEW_MESSAGES.nothingToDelete],
    ['approving an insight not yet created', null, seniorAnalyst, { type: 'APPROVE' }, 'new', REVIEW_MESSAGES.notPending],
    ['a reader adding an insight', null, reader, { type: 'SUBMIT', values: NEW_ACCOUNT }, 'new', REVIEW_MESSAGES.readOnly],
    ['a reader editing', 1, reader, { type: 'SUBMIT', values: {} }, 'pending', REVIEW_MESSAGES.readOnly],
  ])('%s', (_, n, user, event, state, reason) => {
    const actor = start(n === null ? null : stored(n), user);
    actor.send(event);
    expect(reviewState(actor.getSnapshot())).toBe(state);
    expect(actor.getSnapshot().context.problem).toBe(reason);
    expect(writes()).toEqual([]);
  });

  it('the next accepted event clears the reason', () => {
    const actor = start(stored(3), seniorAnalyst);
    actor.send({ type: 'APPROVE' });
    expect(actor.getSnapshot().context.problem).toBe(REVIEW_MESSAGES.notPending);
    actor.send({ type: 'DELETE' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(reviewState(actor.getSnapshot())).toBe('confirmingDelete');
  });

  it('a refetch answering during a call is ignored: the call decides', async () => {
    const actor = start(stored(1), seniorAnalyst);
    actor.send({ type: 'APPROVE' });
    actor.send({ type: 'SYNC', insight: stored(3) });
    expect(reviewState(await settle(actor))).toBe('approved');
  });
});

describe('review machine: failed calls', () => {
  it('a failed update goes to error with the spec message; the action can be tried again', async () => {
    api.failNext('PATCH', /insights$/, 500);
    const actor = start(stored(1), seniorAnalyst);
    actor.send({ type: 'APPROVE' });
    const failed = await settle(actor);
    expect(reviewState(failed)).toBe('error');
    expect(failed.context.error).toBe(INSIGHT_MESSAGES.updateFailed);
    expect(failed.context.insight?.status).toBe('pending');
    actor.send({ type: 'APPROVE' });
    const done = await settle(actor);
    expect(reviewState(done)).toBe('approved');
    expect(done.context.error).toBeNull();
  });

  it('CANCEL after an error goes back to the insight as it is', async () => {
    api.failNext('PATCH', /insights$/, 500);
    const actor = start(stored(1), seniorAnalyst);
    actor.send({ type: 'REJECT' });
    await settle(actor);
    actor.send({ type: 'CANCEL' });
    expect(reviewState(actor.getSnapshot())).toBe('pending');
  });

  it.each([
    ['the first of metadata.errors', { errors: ['Platform is required.', 'second'] }, 400, 'Platform is required.'],
    ['"unexpected response code {status}" without one', { errors: [] }, 502, 'unexpected response code 502'],
    ['the create message for an answer that is not JSON', { notJson: true }, 500, INSIGHT_MESSAGES.createFailed],
  ])('a failed create shows %s', async (_, answer, status, message) => {
    api.failNext('POST', /insights$/, status, answer);
    const actor = start(null, analyst);
    actor.send({ type: 'SUBMIT', values: NEW_ACCOUNT });
    const failed = await settle(actor);
    expect(reviewState(failed)).toBe('error');
    expect(failed.context.error).toBe(message);
  });

  it('the server refusing a review (roles changed meanwhile) shows its reason', async () => {
    api.failNext('PATCH', /insights$/, 403, { errors: [REVIEW_MESSAGES.notReviewer] });
    const actor = start(stored(1), seniorAnalyst);
    actor.send({ type: 'APPROVE' });
    expect((await settle(actor)).context.error).toBe(REVIEW_MESSAGES.notReviewer);
  });
});

describe('runReview (the queue)', () => {
  it('answers the insight as the server returns it', async () => {
    api.setUser(seniorAnalyst);
    const outcome = await runReview(stored(1), seniorAnalyst, { type: 'APPROVE' });
    expect(outcome).toEqual({ ok: true, insight: expect.objectContaining({ status: 'approved' }) });
  });

  it('answers the reason of a refusal without calling the server', async () => {
    expect(await runReview(stored(1), analyst, { type: 'REJECT' })).toEqual({ ok: false, message: REVIEW_MESSAGES.notReviewer });
    expect(writes()).toEqual([]);
  });
});
