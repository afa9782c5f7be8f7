import { describe, expect, it } from 'vitest';
import {
  badgeLabel, canSeeRerun, cardState, createErrorKind, filterByName, needsPolling, projectNameKey, rerunDisabledReason, sortByCreated,
} from './rules';

const c = (over: Partial<{ threat_feed: boolean; is_scaled: boolean; is_org_nrms: boolean }> = {}) =>
  ({ threat_feed: false, is_scaled: false, is_org_nrms: false, ...over });

describe('status words', () => {
  it('badge: View, Running, Failed, Pending otherwise', () => {
    expect(['SUCCESS', 'RUNNING', 'FAILED', 'PENDING', 'CANCELLED'].map(badgeLabel)).toEqual(['View', 'Running', 'Failed', 'Pending', 'Pending']);
  });
  it('card: success, refreshing for RUNNING or PENDING, failed for any other status', () => {
    expect(['SUCCESS', 'RUNNING', 'PENDING', 'FAILED', 'CANCELLED'].map(cardState)).toEqual(['success', 'refreshing', 'refreshing', 'failed', 'failed']);
  });
});

describe('polling', () => {
  it('polls while any conversation is PENDING or RUNNING or continuous', () => {
    expect(needsPolling([{ status: 'SUCCESS', threat_feed: false }, { status: 'FAILED', threat_feed: false }])).toBe(false);
    expect(needsPolling([{ status: 'SUCCESS', threat_feed: false }, { status: 'RUNNING', threat_feed: false }])).toBe(true);
    expect(needsPolling([{ status: 'PENDING', threat_feed: false }])).toBe(true);
    expect(needsPolling([{ status: 'SUCCESS', threat_feed: true }])).toBe(true);
    expect(needsPolling(undefined)).toBe(false);
  });
});

describe('re-run button', () => {
  const analyst = { roles: ['Analyst'], permissions: ['CREATE_CONVERSATION'] };
  const scheduler = { roles: ['Analyst'], permissions: ['RERUN_SCHEDULED_QUERY'] };
  const global = { roles: ['Global Admin'], permissions: [] };
  it('shows for date-range conversations, and for continuous ones only with RERUN_SCHEDULED_QUERY', () => {
    expect(canSeeRerun(c(), analyst)).toBe(true);
    expect(canSeeRerun(c({ threat_feed: true }), analyst)).toBe(false);
    expect(canSeeRerun(c({ threat_feed: true }), scheduler)).toBe(true);
    expect(canSeeRerun(c({ threat_feed: true }), global)).toBe(true);
  });
  it('never shows for scaled or organisation-wide NRMS conversations, nor without a user', () => {
    expect(canSeeRerun(c({ is_scaled: true }), global)).toBe(false);
    expect(canSeeRerun(c({ is_org_nrms: true }), scheduler)).toBe(false);
    expect(canSeeRerun(c(), null)).toBe(false);
  });
  it('is disabled while PENDING or RUNNING or while a re-run is in flight', () => {
    expect(rerunDisabledReason('SUCCESS', false)).toBeNull();
    expect(rerunDisabledReason('FAILED', false)).toBeNull();
    expect(rerunDisabledReason('PENDING', false)).not.toBeNull();
    expect(rerunDisabledReason('RUNNING', false)).not.toBeNull();
    expect(rerunDisabledReason('SUCCESS', true)).not.toBeNull();
  });
});

describe('lists', () => {
  it('sorts by created_at ascending and filters by name whatever the case', () => {
    const list = [{ id: 'b', name: 'Élection', created_at: '2026-01-02' }, { id: 'a', name: 'vote', created_at: '2026-01-01' }, { id: 'c', name: 'Other', created_at: '2026-01-02' }];
    expect(sortByCreated(list).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(filterByName(list, 'ÉLEC').map((x) => x.id)).toEqual(['b']);
    expect(filterByName(list, '  VOTE ').map((x) => x.id)).toEqual(['a']);
    expect(filterByName(list, '')).toHaveLength(3);
    expect(projectNameKey('  Élections ')).toBe(projectNameKey('élections'));
  });
});

describe('create errors (spec part 1 section 8)', () => {
  it('maps status and server message to the kind of message shown', () => {
    expect(createErrorKind(422, [])).toBe('quota');
    expect(createErrorKind(400, ['Your boolean string could not be validated: x'])).toBe('query');
    expect(createErrorKind(400, [null, 'Your start date or end date is invalid'])).toBe('dates');
    expect(createErrorKind(400, ['Conversation name is required'])).toBe('other');
    expect(createErrorKind(500, ['Your boolean string could not be validated'])).toBe('other');
  });
});
