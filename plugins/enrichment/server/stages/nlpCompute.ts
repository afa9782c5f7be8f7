import type { EntityGroups } from '../../shared/tables';
import { rawEngagement } from '../engagement/engagementLevels';
import { postText } from '../enrichPost';
import { extractEntities } from '../entities/extractEntities';
import { detectLanguage } from '../language/detectLanguage';
import { firstNgram } from '../ngrams/firstNgram';
import { classifySentiment } from '../sentiment/classifySentiment';
import { detectThreat } from '../threats/detectThreat';
import type { RunPost } from './runPosts';

/**
 * The Core NLP of one chunk of posts: pure and synchronous, so the stage can run it in a worker thread
 * (`runInWorker(new URL('./nlpCompute.ts', import.meta.url), 'enrichNlpChunk', ...)`) or in-process for small runs.
 * Input and output are plain data (structured clone).
 */

export interface NlpResult {
  post_id: number;
  platform: string;
  language: string;
  sentiment: string;
  sentiment_score: number;
  threat: number;
  threat_score: number;
  threat_evidence: string;
  entities: string;
  first_ngram: string | null;
  engagement: number | null;
}

const GROUP_OF = { PERSON: 'people', ORGANIZATION: 'organisations', PLACE: 'places', HASHTAG: 'hashtags', MENTION: 'mentions' } as const;

function parseObject(json: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function enrichNlpPost(post: RunPost): NlpResult {
  const text = postText({ title: post.title, subject: post.subject, body: post.body });
  // The platform's own language wins when it reported one (the store keeps ISO 639-1 codes); else detect.
  const language = post.language && /^[a-z]{2,3}$/.test(post.language) ? post.language : detectLanguage(text);
  const sentiment = classifySentiment(text, language);
  const threat = detectThreat(text);
  const groups: EntityGroups = { people: [], organisations: [], places: [], hashtags: [], mentions: [] };
  const seen = new Set<string>();
  for (const e of extractEntities(text, language)) {
    if (seen.has(`${e.type}:${e.key}`)) continue;
    seen.add(`${e.type}:${e.key}`);
    groups[GROUP_OF[e.type]].push(e.text);
  }
  return {
    post_id: post.id,
    platform: post.platform,
    language,
    sentiment: sentiment.label,
    sentiment_score: sentiment.compound,
    threat: threat.threat ? 1 : 0,
    threat_score: threat.score,
    threat_evidence: JSON.stringify({ evidence: threat.evidence, blockedBy: threat.blockedBy }),
    entities: JSON.stringify(groups),
    first_ngram: firstNgram(text, language),
    engagement: rawEngagement({ platform: post.platform, additional_properties: parseObject(post.additional_properties) }),
  };
}

/** Worker entry point. */
export function enrichNlpChunk(input: { posts: RunPost[] }): NlpResult[] {
  return input.posts.map(enrichNlpPost);
}
