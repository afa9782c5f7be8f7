import { describe, expect, it } from 'vitest';
import { settledSession, signOut } from './sessionActor';
import { currentUser, testSession } from './testing';

describe('signOut (header menu and palette)', () => {
  it("opens the single-sign-on provider's logout page first, then ends the session", async () => {
    const { actor, calls } = testSession([currentUser({ uses_sso: true }, { logout_url: 'https://idp.test/logout?client_id=narrascope' })]);
    await settledSession(actor);
    const opened: string[] = [];
    const logoutCallsWhenOpened: number[] = [];
    await signOut(actor, (url) => { opened.push(url); logoutCallsWhenOpened.push(calls.logout); });
    expect(logoutCallsWhenOpened).toEqual([0]);
    expect(calls.logout).toBe(1);
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(opened).toEqual(['https://idp.test/logout?client_id=narrascope']);
  });

  it('opens nothing for a password user', async () => {
    const { actor, calls } = testSession([currentUser()]);
    await settledSession(actor);
    const opened: string[] = [];
    await signOut(actor, (url) => opened.push(url));
    expect(calls.logout).toBe(1);
    expect(opened).toEqual([]);
  });
});
