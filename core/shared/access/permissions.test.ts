import { describe, expect, it } from 'vitest';
import { PERMISSIONS, can, canDeleteInsight, canEditInsights, grantProblems } from './permissions';

const user = (roles: string[], permissions: string[] = []) => ({ roles, permissions });

describe('can()', () => {
  it('gives global admins every permission and others only what they were granted', () => {
    for (const p of PERMISSIONS) expect(can(user(['Global Admin']), p)).toBe(true);
    expect(can(user(['Analyst'], ['READ_USER']), 'READ_USER')).toBe(true);
    expect(can(user(['Analyst'], ['READ_USER']), 'UPDATE_USER')).toBe(false);
    expect(can(user(['Senior Analyst']), 'EVENT_AUDIT')).toBe(false);
  });

  it('holds the full permission list of spec part 1 section 6', () => {
    expect(PERMISSIONS).toHaveLength(27);
    expect(PERMISSIONS).toEqual(expect.arrayContaining(['ADD_DATA_SOURCE_TO_ORGANIZATION', 'CONVERSATION_CACHE_CLEAR', 'VIEW_NRMS_CONVERSATION']));
  });
});

describe('insight rules of spec part 2 section 6', () => {
  it('analysts, senior analysts and global admins edit; others read', () => {
    expect(canEditInsights(user(['Analyst']))).toBe(true);
    expect(canEditInsights(user(['Senior Analyst']))).toBe(true);
    expect(canEditInsights(user(['Global Admin']))).toBe(true);
    expect(canEditInsights(user([], [...PERMISSIONS]))).toBe(false);
  });

  it('global admins and senior analysts delete any insight; analysts only pending ones; readers none', () => {
    expect(canDeleteInsight(user(['Senior Analyst']), 'approved')).toBe(true);
    expect(canDeleteInsight(user(['Global Admin']), 'rejected')).toBe(true);
    expect(canDeleteInsight(user(['Analyst']), 'pending')).toBe(true);
    expect(canDeleteInsight(user(['Analyst']), 'approved')).toBe(false);
    expect(canDeleteInsight(user([]), 'pending')).toBe(false);
  });
});

describe('grantProblems()', () => {
  it('refuses Global Admin from non-global admins and permissions the granter lacks', () => {
    expect(grantProblems(user(['Analyst'], ['CREATE_USER']), ['Global Admin'], [])).toEqual(['Only global admins may grant the Global Admin role']);
    expect(grantProblems(user(['Analyst'], ['CREATE_USER']), ['Analyst'], ['CREATE_USER', 'DELETE_USER']))
      .toEqual(['You cannot grant permissions you do not hold: DELETE_USER']);
    expect(grantProblems(user(['Global Admin']), ['Global Admin'], [...PERMISSIONS])).toEqual([]);
  });
});
