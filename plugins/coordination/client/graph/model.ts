import { CATEGORICAL_COLOURS } from '@core/shared/palette';

/**
 * The network navigator's vocabulary (spec part 2 section 3, "Node types" and "Edge types"): node types with their
 * labels, and each edge type's action node, receiver node and the sentence the edge popup reads.
 */
export const NODE_TYPES = ['accounts', 'posts', 'domains', 'links', 'hashtags', 'topics'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const NODE_TYPE_LABELS: Readonly<Record<NodeType, string>> = {
  accounts: 'Account', posts: 'Post', domains: 'Domain', links: 'URL', hashtags: 'Hashtag', topics: 'Topic',
};

export interface EdgeTypeSpec {
  /** the node the action starts from */
  action: NodeType;
  /** the node that receives it */
  receiver: NodeType;
  /** verb phrase of the sentence `<action> <verb> <receiver>` */
  verb: string;
}

export const EDGE_TYPES = {
  accountPosts: { action: 'accounts', receiver: 'posts', verb: 'created' },
  accountCoordinationEvidenceAccounts: { action: 'accounts', receiver: 'accounts', verb: 'coordinated with' },
  accountLinks: { action: 'accounts', receiver: 'links', verb: 'posted' },
  accountHashtags: { action: 'accounts', receiver: 'hashtags', verb: 'posted' },
  accountDomains: { action: 'accounts', receiver: 'domains', verb: 'posted' },
  accountRepostedHashtags: { action: 'accounts', receiver: 'hashtags', verb: 'reposted' },
  accountRepostedDomains: { action: 'accounts', receiver: 'domains', verb: 'reposted' },
  accountRepostedLinks: { action: 'accounts', receiver: 'links', verb: 'reposted' },
  accountRepostedPosts: { action: 'accounts', receiver: 'posts', verb: 'reposted' },
  accountRepostedAccounts: { action: 'accounts', receiver: 'accounts', verb: 'reposted' },
  accountQuotedPosts: { action: 'accounts', receiver: 'posts', verb: 'quoted' },
  accountQuotedAccounts: { action: 'accounts', receiver: 'accounts', verb: 'quoted' },
  accountRepliedPosts: { action: 'accounts', receiver: 'posts', verb: 'replied to' },
  accountRepliedAccounts: { action: 'accounts', receiver: 'accounts', verb: 'replied to' },
  // "post contains receiver": the post is the receiver of a domain or link edge.
  domainPosts: { action: 'domains', receiver: 'posts', verb: 'is contained in' },
  linkPosts: { action: 'links', receiver: 'posts', verb: 'is contained in' },
  postHashtags: { action: 'posts', receiver: 'hashtags', verb: 'contains' },
  postRepostedDomains: { action: 'posts', receiver: 'domains', verb: 'reposted' },
  postRepostedLinks: { action: 'posts', receiver: 'links', verb: 'reposted' },
  postRepostedHashtags: { action: 'posts', receiver: 'hashtags', verb: 'reposted' },
  postRepostedPosts: { action: 'posts', receiver: 'posts', verb: 'reposted' },
  postQuotedPosts: { action: 'posts', receiver: 'posts', verb: 'quoted' },
  postRepliedPosts: { action: 'posts', receiver: 'posts', verb: 'replied to' },
  // "link belongs to domain"
  domainLinks: { action: 'domains', receiver: 'links', verb: 'is the domain of' },
  // Not in the spec's list (which has Topic nodes but no edge to them): links an account to the topic its posts
  // belong to most often, so the narrative preset shows who carries each narrative.
  accountTopics: { action: 'accounts', receiver: 'topics', verb: 'posted in' },
} as const satisfies Record<string, EdgeTypeSpec>;
export type EdgeType = keyof typeof EDGE_TYPES;
/** The edge types the spec lists (part 2 section 3); the others are this plugin's extensions. */
export const SPEC_EDGE_TYPES = (Object.keys(EDGE_TYPES) as EdgeType[]).filter((t) => t !== 'accountTopics');

/** The edge types a node type takes part in, as action or receiver. */
export function edgeTypesOf(type: NodeType): EdgeType[] {
  return (Object.keys(EDGE_TYPES) as EdgeType[]).filter((e) => EDGE_TYPES[e].action === type || EDGE_TYPES[e].receiver === type);
}

/** `Account @a coordinated with Account @b`. */
export function edgeSentence(type: EdgeType, actionLabel: string, receiverLabel: string): string {
  const spec: EdgeTypeSpec = EDGE_TYPES[type];
  return `${NODE_TYPE_LABELS[spec.action]} ${actionLabel} ${spec.verb} ${NODE_TYPE_LABELS[spec.receiver]} ${receiverLabel}`;
}

/** Presets of the navigator (`viz:preset`): which node types are drawn. */
export const PRESETS = {
  narrative: { label: 'Narratives', nodeTypes: ['topics', 'accounts', 'posts'] },
  coordination: { label: 'Coordination', nodeTypes: ['accounts', 'posts', 'links', 'hashtags'] },
  actor: { label: 'Actors', nodeTypes: ['accounts', 'domains', 'links'] },
} as const satisfies Record<string, { label: string; nodeTypes: readonly NodeType[] }>;
export type PresetId = keyof typeof PRESETS;
export const isPreset = (x: string | undefined): x is PresetId => x !== undefined && Object.hasOwn(PRESETS, x);

/** Group colours (clusters or topics): the product palette's 13 categorical colours (core/shared/palette.ts). */
export const GROUP_COLOURS: readonly string[] = CATEGORICAL_COLOURS;
/** Evidence node types in palette colours too (accounts are coloured by their group). */
export const NODE_TYPE_COLOURS: Readonly<Record<NodeType, string>> = {
  accounts: CATEGORICAL_COLOURS[0], posts: CATEGORICAL_COLOURS[11], domains: CATEGORICAL_COLOURS[5], links: CATEGORICAL_COLOURS[1],
  hashtags: CATEGORICAL_COLOURS[2], topics: CATEGORICAL_COLOURS[3],
};
