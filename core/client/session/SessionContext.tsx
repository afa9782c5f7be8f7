import { createContext, useContext, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionActor } from './sessionActor';
import { createAccessActors, type AccessActors } from './accessActors';

const Ctx = createContext<SessionActor | null>(null);
const AccessCtx = createContext<AccessActors | null>(null);

/**
 * Shares the session actor and the sign-in and MFA enrolment actors. The latter are created once per provider
 * (the app has one) unless given, which tests do to drive the screens with their own actors.
 */
export function SessionProvider({ actor, access, children }: { actor: SessionActor; access?: AccessActors; children: ReactNode }) {
  const [actors] = useState(() => access ?? createAccessActors(actor));
  return (
    <Ctx.Provider value={actor}>
      <AccessCtx.Provider value={actors}>{children}</AccessCtx.Provider>
    </Ctx.Provider>
  );
}

export function useSessionActor(): SessionActor {
  const actor = useContext(Ctx);
  if (!actor) throw new Error('useSessionActor needs a SessionProvider');
  return actor;
}

/** The session actor, or null outside a SessionProvider (components rendered alone in tests, before sign-in). */
export function useOptionalSessionActor(): SessionActor | null {
  return useContext(Ctx);
}

export function useAccessActors(): AccessActors {
  const actors = useContext(AccessCtx);
  if (!actors) throw new Error('useAccessActors needs a SessionProvider');
  return actors;
}

export function useCurrentUser() {
  return useSelector(useSessionActor(), (s) => s.context.current);
}
