// The report reasons as editors read them, in the order the queue shows their counts.
import type { ReportReason, ReportedDeal } from '../api/client';

// Not keyof the counts: an answer's objects are open (a newer server may add a reason), so their keys are any string.
export type Reason = ReportReason;

export const REASONS: { reason: Reason; words: string }[] = [
  { reason: 'expired', words: 'Expired' },
  { reason: 'wrong-price', words: 'Wrong price' },
  { reason: 'spam', words: 'Spam' },
  { reason: 'duplicate', words: 'Duplicate' },
  { reason: 'other', words: 'Other' },
];

export const reasonWords = (reason: string) => REASONS.find((r) => r.reason === reason)?.words ?? reason;

/** "Expired 3 · Spam 1": the reasons that have open reports, and how many. */
export const countsLine = (counts: ReportedDeal['counts']) =>
  REASONS.filter((r) => counts[r.reason] > 0).map((r) => `${r.words} ${counts[r.reason]}`).join(' · ');

export const total = (counts: ReportedDeal['counts']) => REASONS.reduce((n, r) => n + counts[r.reason], 0);
