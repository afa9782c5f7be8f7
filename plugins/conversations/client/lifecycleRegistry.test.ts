import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { Conversation } from '../shared/api';
import { selectRerunInFlight, selectStatus } from './lifecycleMachine';
import { LifecycleRegistry } from './lifecycleRegistry';

const c = (id: string, status: Conversation['status']): Conversation => ({
  id, name: id, project_id: 'p', query_string: 'q', start_date: null, end_date: null, threat_feed: false, language: 'en', status,
  last_run: null, created_at: '2026-01-01T00:00:00.000Z', user_id: 'u', suspended: false, is_scaled: false, is_org_nrms: false,
  use_existing_data: false, rerun: false, enrichment_stages: [], topics_status: null, DAG_step: null, image_url: null, description: null,
});

describe('the lifecycle registry', () => {
  it('creates one actor per conversation, shared by every view, and feeds it server answers', () => {
    const registry = new LifecycleRegistry({ requestRerun: async (x) => x });
    const a = registry.get(c('a', 'PENDING'));
    expect(registry.get(c('a', 'PENDING'))).toBe(a);
    expect(registry.sync(c('a', 'RUNNING'))).toBe(a);
    expect(selectStatus(a.getSnapshot())).toBe('RUNNING');
    registry.get(c('b', 'SUCCESS'));
    expect(registry.size()).toBe(2);
    registry.clear();
    expect(registry.size()).toBe(0);
  });

  it('runs a re-run through the shared actor and tells the app when it settled', async () => {
    const settled: string[] = [];
    const registry = new LifecycleRegistry({
      requestRerun: async (x) => ({ ...x, status: 'PENDING', rerun: true }),
      onSettled: (x) => settled.push(x.id),
    });
    const actor = registry.get(c('a', 'SUCCESS'));
    registry.rerun(c('a', 'SUCCESS'));
    expect(selectStatus(actor.getSnapshot())).toBe('PENDING');
    await waitFor(actor, (s) => !selectRerunInFlight(s));
    expect(settled).toEqual(['a']);
    expect(registry.peek('a')).toBe(actor);
    expect(registry.peek('zzz')).toBeUndefined();
  });
});

describe('answers fetched by several views', () => {
  it('never lets an older answer replace a newer one', () => {
    const registry = new LifecycleRegistry({ requestRerun: async (x) => x });
    const actor = registry.get(c('a', 'PENDING'));
    registry.sync(c('a', 'RUNNING'), 2000);
    registry.sync(c('a', 'PENDING'), 1000);
    expect(selectStatus(actor.getSnapshot())).toBe('RUNNING');
    registry.sync(c('a', 'SUCCESS'), 3000);
    expect(selectStatus(actor.getSnapshot())).toBe('SUCCESS');
  });
});
