/**
 * A kind of thing that can be selected or shown in a popup: an open string (`'account'`, `'coordination.edge'`)
 * carrying the payload's type, the way service keys carry their service's type. Plugins define their own kinds
 * (`<pluginId>.<name>`); the few below are shared so that one plugin can select or open what another shows without
 * importing it (e.g. the posts plugin draws `post` popups, anyone may open one).
 */
export interface SelectionKind<Payload> {
  readonly kind: string;
  /** Phantom: carries the payload type only. */
  readonly __payload?: Payload;
}

export function selectionKind<Payload>(kind: string): SelectionKind<Payload> {
  if (!kind.trim()) throw new Error('A selection kind needs a name');
  return { kind };
}

export type PayloadOf<K> = K extends SelectionKind<infer P> ? P : never;

/** A post of the conversation; `postId` as the raw data rows and posts/details name it. */
export const postKind = selectionKind<{ postId: string }>('post');
/** An account (`rid` = its platform id); `clusterId` when it was reached through a coordination cluster. */
export const accountKind = selectionKind<{ rid: string; clusterId?: string | null }>('account');
export const clusterKind = selectionKind<{ clusterId: string }>('cluster');
export const narrativeKind = selectionKind<{ narrativeId: string }>('narrative');
export const urlKind = selectionKind<{ url: string }>('url');
export const domainKind = selectionKind<{ domain: string }>('domain');
