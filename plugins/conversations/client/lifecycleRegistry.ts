import { createActor, fromPromise } from 'xstate';
import { serviceKey } from '@core/shared/services/registry';
import type { Conversation } from '../shared/api';
import { lifecycleMachine, type LifecycleActor } from './lifecycleMachine';

/**
 * One lifecycle actor per conversation, created the first time any view shows it and shared by every view after
 * that (the picker item, the dashboard card, the conversation header). Views feed it what the server answered
 * (`sync`) and read it with selectors.
 */
export class LifecycleRegistry {
  private readonly actors = new Map<string, LifecycleActor>();
  private readonly last = new Map<string, { text: string; fetchedAt: number }>();

  constructor(private readonly deps: {
    requestRerun: (conversation: Conversation) => Promise<Conversation>;
    /** Called after a re-run was accepted or refused, so lists refetch (the server is the truth). */
    onSettled?: (conversation: Conversation) => void;
  }) {}

  /** The conversation's actor, created (and started) on first use. */
  get(conversation: Conversation): LifecycleActor {
    let actor = this.actors.get(conversation.id);
    if (!actor) {
      const machine = lifecycleMachine.provide({
        actors: {
          requestRerun: fromPromise<Conversation, { conversation: Conversation }>(async ({ input }) => {
            try {
              return await this.deps.requestRerun(input.conversation);
            } finally {
              this.deps.onSettled?.(input.conversation);
            }
          }),
        },
      });
      actor = createActor(machine, { input: { conversation } }).start();
      this.actors.set(conversation.id, actor);
      this.last.set(conversation.id, { text: JSON.stringify(conversation), fetchedAt: 0 });
    }
    return actor;
  }

  /** The conversation's actor if some view has shown it. */
  peek(id: string): LifecycleActor | undefined {
    return this.actors.get(id);
  }

  /**
   * Feeds a server answer to the conversation's actor, when it changed. Several views fetch the same conversation
   * on their own schedules (a list, the header): `fetchedAt` (react-query's dataUpdatedAt) keeps an older answer
   * from replacing a newer one.
   */
  sync(conversation: Conversation, fetchedAt = Date.now()): LifecycleActor {
    const actor = this.get(conversation);
    const text = JSON.stringify(conversation);
    const last = this.last.get(conversation.id);
    if (last && (last.text === text || fetchedAt < last.fetchedAt)) return actor;
    this.last.set(conversation.id, { text, fetchedAt });
    actor.send({ type: 'SERVER_UPDATE', conversation });
    return actor;
  }

  rerun(conversation: Conversation): void {
    this.get(conversation).send({ type: 'RERUN' });
  }

  /** Stops and forgets every actor (organisation switch, sign-out). */
  clear(): void {
    for (const actor of this.actors.values()) actor.stop();
    this.actors.clear();
    this.last.clear();
  }

  size(): number {
    return this.actors.size;
  }
}

export const lifecyclesKey = serviceKey<LifecycleRegistry>('conversations.lifecycles');
