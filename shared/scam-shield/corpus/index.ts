// The labelled corpus (issue 12): chat messages and job posts, about half of them scams, with hard
// negatives that share words with scams. `split` keeps a holdout the rules were not tuned on;
// `holdout-2026-11` is a second blind set (session 25), written before its rules were read.

import jobsJson from './jobs.json' with { type: 'json' };
import messagesJson from './messages.json' with { type: 'json' };
import type { ShieldCode, ShieldJob } from '../types.ts';

export type CorpusLang = 'en' | 'hi' | 'hinglish';
export const CORPUS_SPLITS = ['tune', 'holdout', 'holdout-2026-11'] as const;
export type CorpusSplit = (typeof CORPUS_SPLITS)[number];

interface Labelled {
  id: string;
  lang: CorpusLang;
  codes: ShieldCode[];
  split: CorpusSplit;
}

export interface CorpusMessage extends Labelled {
  text: string;
}

export interface CorpusJob extends Labelled, ShieldJob {}

export const corpusMessages = messagesJson as CorpusMessage[];
export const corpusJobs = jobsJson as CorpusJob[];
