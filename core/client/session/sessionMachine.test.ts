import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CurrentUser } from '@core/shared/access/session';
import { REFRESH_LEAD_MS, sessionMachine } from './sessionMachine';

const user = (exp: number, organizationId = 'org-1'): CurrentUser => ({
  exp, roles: ['Analyst'], features: [], logout_url: null, feedback_url: null, remote_media: 'proxy', auth_method: 'cookie', analytics: false,
  claims: { organization_id: organizationId, roles: ['Analyst'] },
  user: {
    id: 'u1', email: 'a@b.test', first_name: 'A', last_name: 'B', organization_id: organizationId, group_ids: [], permissions: [],
    is_global_admin: false, is_analyst: true, is_senior_analyst: false, is_org_admin: false, require_mfa_enabled: false,
    mfa_enabled: false, mfa_enabled_at: null, change_password: false, uses_sso: false,
  },
});

/** The machine under test with scripted actors: each fetchCurrent call takes the next answer. */
function start(answers: Array<CurrentUser | Error>, opts: { refresh?: (org?: string) => Promise<unknown> } = {}) {
  const calls = { fetch: 0, refresh: [] as Array<string | undefined>, logout: 0 };
  const actor = createActor(sessionMachine.provide({
    actors: {
      fetchCurrent: fromPromise<CurrentUser>(async () => {
        const next = answers[Math.min(calls.fetch++, answers.length - 1)]!;
        if (next instanceof Error) throw next;
        return next;
      }),
      refresh: fromPromise<unknown, { organizationId?: string }>(async ({ input }) => {
        calls.refresh.push(input.organizationId);
        return opts.refresh ? opts.refresh(input.organizationId) : {};
      }),
      logout: fromPromise<void>(async () => { calls.logout++; }),
    },
  })).start();
  return { actor, calls };
}

describe('the session machine (spec part 1 §4)', () => {
  beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }); });
  afterEach(() => { vi.useRealTimers(); });

  it('starts the session when the current-user call succeeds', async () => {
    const { actor } = start([user(Date.now() / 1000 + 900)]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('active')).toBe(true));
    expect(actor.getSnapshot().context.current?.user.id).toBe('u1');
  });

  it('with no user and a failing call: a stale cookie, so it logs out and ends anonymous', async () => {
    const { actor, calls } = start([new Error('401')]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('anonymous')).toBe(true));
    expect(calls.logout).toBe(1);
    expect(actor.getSnapshot().context.endedBecause).toBe('stale-cookie');
  });

  it('with a user present and a failing call: the session ends as a token timeout', async () => {
    const { actor } = start([user(Date.now() / 1000 + 900), new Error('401')]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('active')).toBe(true));
    actor.send({ type: 'RECHECK' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ended')).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ current: null, endedBecause: 'token-timeout' });
  });

  it('refreshes 5 minutes before expiry, not earlier', async () => {
    const exp = Date.now() / 1000 + 15 * 60;
    const { actor, calls } = start([user(exp), user(exp + 900)]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('active')).toBe(true));
    await vi.advanceTimersByTimeAsync(15 * 60_000 - REFRESH_LEAD_MS - 1000);
    expect(calls.refresh).toEqual([]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.refresh).toEqual([undefined]);
    await vi.waitFor(() => expect(actor.getSnapshot().context.current?.exp).toBe(exp + 900));
  });

  it('a failed refresh ends the session as a token timeout', async () => {
    const { actor } = start([user(Date.now() / 1000 + 301)], { refresh: async () => { throw new Error('401'); } });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('active')).toBe(true));
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ended')).toBe(true));
    expect(actor.getSnapshot().context.endedBecause).toBe('token-timeout');
  });

  it('switching organisation refreshes with organization_id and reloads the user; a refused switch keeps the session', async () => {
    let refuse = false;
    const { actor, calls } = start([user(Date.now() / 1000 + 900), user(Date.now() / 1000 + 900, 'org-2')], {
      refresh: async () => { if (refuse) throw new Error('403'); return {}; },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('active')).toBe(true));
    actor.send({ type: 'SWITCH_ORGANIZATION', organizationId: 'org-2' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.current?.claims.organization_id).toBe('org-2'));
    expect(calls.refresh).toEqual(['org-2']);
    refuse = true;
    actor.send({ type: 'SWITCH_ORGANIZATION', organizationId: 'org-3' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('active')).toBe(true));
    expect(actor.getSnapshot().context.current?.claims.organization_id).toBe('org-2');
  });

  it('signs out through logout and can sign in again', async () => {
    const { actor, calls } = start([user(Date.now() / 1000 + 900)]);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('active')).toBe(true));
    actor.send({ type: 'SIGN_OUT' });
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(calls.logout).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ current: null, endedBecause: 'signed-out' });
    actor.send({ type: 'SIGNED_IN' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('active')).toBe(true));
  });
});
