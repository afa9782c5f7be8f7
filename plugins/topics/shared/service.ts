import { serviceKey } from '@core/shared/services/registry';

/**
 * What the topics plugin offers other server plugins (service key `topics.narratives`). The coordination stage
 * (DAG step 5) fills each narrative's coordination_cluster_count; the network navigator groups posts by topic.
 * Every call is scoped to the organisation that owns the run.
 */
export interface NarrativesService {
  /**
   * Sets coordination_cluster_count of the run's narratives: narrative id -> count. Narratives not named get 0,
   * so calling it again with the same map is idempotent. Answers how many narratives were updated.
   */
  setCoordinationCounts(organizationId: string, runId: string, counts: Readonly<Record<string, number>>): Promise<number>;
  /** The run's post -> topic rid membership (`posts_posts.id` -> rid); outliers are absent. */
  topicOfPosts(organizationId: string, runId: string): Promise<Map<number, string>>;
  /**
   * The same for the run's posts with ids from `firstId` to `lastId` (both included): a stage reading the run in
   * ascending id batches asks for each batch's range instead of holding the whole run's map (a range of the
   * membership table's key, read in order).
   */
  topicOfPostsBetween(organizationId: string, runId: string, firstId: number, lastId: number): Promise<Map<number, string>>;
}

export const narrativesServiceKey = serviceKey<NarrativesService>('topics.narratives');

/** The pipeline stage id (DAG step 4, NARRATIVE). */
export const NARRATIVES_STAGE_ID = 'topics.narratives';
