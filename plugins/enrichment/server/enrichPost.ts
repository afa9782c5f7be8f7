import type { EngagementLevel, EnrichmentRecord } from '../shared/enrichmentRecord';
import { collectPostUrls, domainsOf } from '../shared/urls';
import { engagementLevels } from './engagement/engagementLevels';
import { extractEntities } from './entities/extractEntities';
import { detectLanguage } from './language/detectLanguage';
import { firstNgram } from './ngrams/firstNgram';
import { classifySentiment } from './sentiment/classifySentiment';
import { detectThreat } from './threats/detectThreat';

/**
 * The per-post enrichment of pipeline steps 2 and 3 (URLs and domains; language, sentiment, entities, threats,
 * first n-gram) as one pure function, and the batch form that adds the per-platform engagement level. URL
 * expansion is separate and asynchronous (expandUrls.ts): it fills `urls[].expanded`, then `domainsOf` gives the
 * final domains.
 */

export interface PostForEnrichment {
  platform?: string;
  title?: string | null;
  subject?: string | null;
  body?: string | null;
  /** A language the platform already reported (ISO 639-1); detected when absent. */
  language?: string | null;
  /** URL fields of the platform (strings, lists, `{ expanded_url }` objects). */
  urls?: unknown;
  additional_properties?: Record<string, unknown> | null;
}

export interface BatchEnrichment extends EnrichmentRecord {
  engagement_score: EngagementLevel | null;
}

/** The post's text as the spec reads it: body, falling back to title or subject; a title adds to a body. */
export function postText(post: PostForEnrichment): string {
  const parts = [post.title, post.subject, post.body].filter((p): p is string => typeof p === 'string' && p.trim().length > 0);
  return [...new Set(parts)].join('\n');
}

export function enrichPost(post: PostForEnrichment): EnrichmentRecord {
  const text = postText(post);
  const language = post.language && /^[a-z]{2,3}$/.test(post.language) ? post.language : detectLanguage(text);
  const sentiment = classifySentiment(text, language);
  const threat = detectThreat(text);
  const urlFields: unknown[] = [];
  if (post.urls !== undefined && post.urls !== null) urlFields.push(post.urls);
  const props = post.additional_properties;
  if (props && typeof props === 'object' && 'urls' in props) urlFields.push(props.urls);
  const urls = collectPostUrls({ texts: [text], fields: urlFields });
  return {
    language,
    sentiment: sentiment.label,
    sentimentScore: sentiment.compound,
    entities: extractEntities(text, language),
    threats_of_violence: { threat: threat.threat, score: threat.score, evidence: threat.evidence, blockedBy: threat.blockedBy },
    first_ngram: firstNgram(text, language),
    urls,
    domains: domainsOf(urls),
  };
}

export function enrichBatch(posts: readonly PostForEnrichment[]): BatchEnrichment[] {
  const levels = engagementLevels(posts.map((p) => ({ platform: p.platform ?? '', additional_properties: p.additional_properties })));
  return posts.map((post, i) => ({ ...enrichPost(post), engagement_score: levels[i]?.level ?? null }));
}
