import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { serviceKey } from '@core/shared/services/registry';
import type { FilterColumns, Filters } from '@core/shared/filters';
import type { FacetScope } from '../facets/contract';

/**
 * The post scope: "the posts of this conversation's latest successful run under these filters", the one thing every
 * analysis reads. Core resolves the organisation, the run and the deletion rule once, and applies every filter
 * dimension (the post store's own and every plugin's facet) with one filter engine, so every analysis answers over
 * the same posts. See docs/adr/0007-post-scope-in-core.md.
 */

/** A conversation as an analysis sees it: the caller's organisation and the run to answer from. */
export interface RunScope extends FacetScope {
  conversationId: string;
  /** The latest successful run (by creation, id breaking ties); null while the conversation has none. */
  runId: string | null;
}

/** A scope with a run: the only kind that has posts. */
export type RunScopeWithRun = RunScope & { runId: string };

/** The posts a scope and filters select. Every method reads the run's links (`posts_run_posts`) in the organisation. */
export interface PostSelection {
  readonly scope: RunScopeWithRun;
  readonly filters: Filters;
  /** All post ids, ascending. */
  ids(): Promise<number[]>;
  count(): Promise<number>;
  /** The subset of `postIds` that is selected (those outside the run are not). */
  keep(postIds: readonly number[]): Promise<Set<number>>;
  /** Post ids in ascending batches of at most `size`, read by keyset (bounded memory at any run size). */
  batches(size?: number): AsyncGenerator<number[]>;
}

/**
 * A faster reader of a run's selection that a plugin keeps (the posts plugin's in-memory run index, ADR 0007):
 * `select()` asks it first and falls back to SQL when it answers null (no index for the run, a search, a facet
 * provider without revision). An accelerator must answer exactly what the SQL path would.
 */
export interface SelectionAccelerator {
  owner: string;
  /** Ids of the run's posts under the filters, in any order, or null when it cannot serve. */
  ids(scope: RunScopeWithRun, filters: Filters): Promise<readonly number[] | null>;
  count(scope: RunScopeWithRun, filters: Filters): Promise<number | null>;
}

export interface PostScopeService {
  /**
   * The conversation's run scope. Throws the 404 `notFoundMessage` (default 'Conversation not found') when the
   * organisation never ran it or it was deleted: another organisation's id answers exactly like an unknown one.
   */
  resolve(organizationId: string, conversationId: string, notFoundMessage?: string): Promise<RunScope>;
  /** Every filter dimension as columns of `posts_posts` aliased `alias`: the store's own, then every facet. */
  columns(scope: FacetScope, alias?: string): FilterColumns;
  /** The filters as one SQL condition on `posts_posts` aliased `alias` (organisation not included). */
  where(scope: FacetScope, filters: Filters, alias?: string): <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => Expression<SqlBool>;
  /** The run's posts under the filters. */
  select(scope: RunScopeWithRun, filters: Filters): PostSelection;
  /** Filter dimensions that some source answers (the store or a registered facet). */
  providedDimensions(): string[];
  /** Registers an accelerator of `select()`'s ids, count and keep; answers its removal. */
  accelerate(accelerator: SelectionAccelerator): () => void;
}

export const postScopeKey = serviceKey<PostScopeService>('core.postScope');

/**
 * Who knows whether a conversation was deleted (conversations are deleted softly; their runs remain). The
 * conversations plugin provides it; without one, runs alone define conversations and none is deleted.
 */
export interface ConversationDirectory {
  isDeleted(organizationId: string, conversationId: string): Promise<boolean>;
  /**
   * The names of the organisation's conversations among `conversationIds` that are not deleted, with their
   * projects' (e.g. an insight listing the conversations it appears in). Optional: without it, callers know
   * conversations by id only.
   */
  describe?(organizationId: string, conversationIds: readonly string[]): Promise<ConversationDescription[]>;
}

export interface ConversationDescription { id: string; name: string; project_id: string; project_name: string }

export const conversationDirectoryKey = serviceKey<ConversationDirectory>('core.conversationDirectory');
