import fs from 'node:fs';
import path from 'node:path';
import type { Sentiment } from '../server/sentiment/classifySentiment';

/**
 * The labelled sets the quality tests and the benchmark measure on: the two sentiment development sets of
 * `shared/data` (beside the repository; NARRASCOPE_SHARED_DATA overrides) and the committed threat set.
 */

export interface LabelledText<L> { text: string; label: L }
export interface ThreatItem { id: number; text: string; threat: boolean; category: string; split: 'dev' | 'holdout' }

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function sharedDataDir(): string {
  return process.env.NARRASCOPE_SHARED_DATA ?? path.resolve(repoRoot, '../shared/data');
}

function readJsonl<T>(file: string): T[] {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim().length > 0).map((l) => JSON.parse(l) as T);
}

/** TweetEval sentiment validation split (SemEval-2017 task 4): 2,000 tweets labelled NEGATIVE/NEUTRAL/POSITIVE. */
export function tweetEvalSentiment(): Array<LabelledText<Sentiment>> {
  return readJsonl<{ text: string; label: Sentiment }>(path.join(sharedDataDir(), 'sentiment-tweeteval-val.jsonl'))
    .map((r) => ({ text: r.text, label: r.label }));
}

/**
 * VADER's 4,200 tweets with the mean of >= 20 human ratings on -4..+4. Three classes by a band fixed before any
 * tuning: |mean| < 0.5 (less than half a step of the rating scale) is NEUTRAL.
 */
export const VADER_NEUTRAL_BAND = 0.5;
export function vaderTweetsSentiment(): Array<LabelledText<Sentiment>> {
  return readJsonl<{ text: string; score: number }>(path.join(sharedDataDir(), 'sentiment-vader-tweets.jsonl')).map((r) => ({
    text: r.text,
    label: r.score >= VADER_NEUTRAL_BAND ? 'POSITIVE' : r.score <= -VADER_NEUTRAL_BAND ? 'NEGATIVE' : 'NEUTRAL',
  }));
}

export function threatSet(): ThreatItem[] {
  return readJsonl<ThreatItem>(path.join(import.meta.dirname, 'threats.jsonl'));
}
