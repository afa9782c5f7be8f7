import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import type { Insight } from '@plugins/insights/shared/api';
import { domainInsight, errorsOf, insightIn, signIn, snapshot, startServer, type Role } from './support';

/**
 * Who may move an insight where (spec sections 4 and 6), as a table: every role (analyst, senior analyst, global
 * admin, a user with no insight role) x every action (submit an edit, approve, decline, delete) x every status the
 * insight is in. The expected answers are written out from the spec's rules here, not computed by the plugin's
 * table: editors edit anything not deleted; senior analysts and global admins approve and decline pending insights
 * and delete any; analysts delete pending ones; everyone else reads only. A refusal changes nothing.
 */
type Action = 'submit' | 'approve' | 'reject' | 'delete';
type Status = 'pending' | 'approved' | 'rejected' | 'deleted';
type Expected = { status: 200; to: Status } | { status: 403 | 409; message: string };

const READ_ONLY = 'You do not have permission to change insights.';
const DELETED = 'This insight has been deleted.';
const NOT_REVIEWER = 'Only senior analysts and global admins may approve or decline insights.';
const NOT_PENDING = 'Only a pending insight can be approved or declined.';
const DELETE_NOT_ALLOWED = 'Only senior analysts and global admins may delete an insight that is not pending.';

function expected(role: Role, action: Action, from: Status): Expected {
  if (role === 'Reader') return { status: 403, message: READ_ONLY };
  if (from === 'deleted') return { status: 409, message: DELETED };
  const reviewer = role === 'Senior Analyst' || role === 'Global Admin';
  switch (action) {
    case 'submit': return { status: 200, to: 'pending' };
    case 'approve':
    case 'reject':
      if (!reviewer) return { status: 403, message: NOT_REVIEWER };
      return from === 'pending' ? { status: 200, to: action === 'approve' ? 'approved' : 'rejected' } : { status: 409, message: NOT_PENDING };
    case 'delete':
      return reviewer || from === 'pending' ? { status: 200, to: 'deleted' } : { status: 403, message: DELETE_NOT_ALLOWED };
  }
}

const ROLES: Role[] = ['Analyst', 'Senior Analyst', 'Global Admin', 'Reader'];
const ACTIONS: Action[] = ['submit', 'approve', 'reject', 'delete'];
const STATUSES: Status[] = ['pending', 'approved', 'rejected', 'deleted'];
const BODY: Record<Action, (id: string) => unknown> = {
  submit: (id) => ({ id, additional_properties: { role: 'Journalist' } }),
  approve: (id) => ({ id, status: 'approved' }),
  reject: (id) => ({ id, status: 'rejected' }),
  delete: (id) => ({ id, status: 'deleted' }),
};

let t: TestServer;
const clients = {} as Record<Role, ApiClient>;
let author: ApiClient;
let setter: ApiClient;

beforeAll(async () => {
  t = await startServer();
  for (const role of ROLES) clients[role] = (await signIn(t, 'Review Org', role)).client;
  author = (await signIn(t, 'Review Org', 'Analyst')).client;
  setter = (await signIn(t, 'Review Org', 'Senior Analyst')).client;
});
afterAll(async () => t?.close());

describe('the review table', () => {
  for (const role of ROLES) {
    for (const action of ACTIONS) {
      it(`${role}: ${action}`, async () => {
        for (const from of STATUSES) {
          const id = await insightIn(author, setter, domainInsight(`${role.replace(' ', '')}-${action}-${from}.example.org`, { role: 'Media Outlet' }), from);
          const before = await snapshot(t);
          const res = await clients[role].patch('/api/v2/insights', BODY[action](id));
          const want = expected(role, action, from);
          const where = `${role} ${action} from ${from}`;
          expect(res.status, `${where}: ${res.text}`).toBe(want.status);
          if (want.status === 200) {
            const insight = res.body.data as Insight;
            expect(insight.status, where).toBe(want.to);
            const last = insight.changes.at(-1)!;
            expect([last.action, last.from_status, last.to_status], where).toEqual([action, from, want.to]);
          } else {
            expect(errorsOf(res), where).toEqual([want.message]);
            expect(await snapshot(t), where).toEqual(before);
          }
        }
      });
    }
  }

  it('lets only editors create: 200 for analysts, senior analysts and global admins, 403 for others', async () => {
    for (const role of ROLES) {
      const res = await clients[role].post('/api/v2/insights', domainInsight(`new-${role.replace(' ', '')}.example.org`, { role: 'Media Outlet' }));
      expect(res.status, role).toBe(role === 'Reader' ? 403 : 200);
      if (role === 'Reader') expect(errorsOf(res)).toEqual([READ_ONLY]);
      else expect(res.body.data.status).toBe('pending');
    }
  });

  it('sets reviewed_by and reviewed_at on approve and decline', async () => {
    const approved = await insightIn(author, setter, domainInsight('reviewed-a.example.org', { role: 'Other' }), 'approved');
    const rejected = await insightIn(author, setter, domainInsight('reviewed-r.example.org', { role: 'Other' }), 'rejected');
    const all = (await setter.get('/api/v2/insights')).body.data as Insight[];
    for (const id of [approved, rejected]) {
      const p = all.find((i) => i.id === id)!.additional_properties;
      expect(p.reviewed_by).not.toBeNull();
      expect(p.reviewed_at).toBe(all.find((i) => i.id === id)!.changes.at(-1)!.at);
    }
  });
});
