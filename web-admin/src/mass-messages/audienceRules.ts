// The mass message's audiences by behaviour in the console (domain/chat/audience.ts has the server's rules): the
// choices, their labels, and the body part the server takes.
import type { SegmentKind } from '../../../domain/chat/audience';
import type { SegmentBody } from './api';

export type SegmentChoice = 'subscribers' | SegmentKind;

export interface SegmentInput {
  top: string;
  minSpent: string;
  days: string;
  postId: string;
  tierId: string;
}

export const initialSegmentInput = (): SegmentInput => ({ top: '10', minSpent: '', days: '30', postId: '', tierId: '' });

export const SEGMENT_LABELS: Record<SegmentKind, string> = {
  top_spenders: 'Top spenders',
  expired: 'Expired subscribers',
  bought_post: 'Fans who bought a post',
  not_bought_post: 'Subscribers who never bought a post',
  tier: 'Members of a tier and above',
};

export const SEGMENT_HELP: readonly string[] = [
  'Top spenders: the fans who spent the most in the last days you choose — the top N, or everyone who spent at least the amount (or both).',
  'Expired subscribers: fans whose subscription has ended.',
  'Bought a post / never bought a post: the buyers of a locked post, or the current subscribers who have not bought it.',
  'Members of a tier and above: the members of the tier you choose and of every higher tier (what VIP gets, the tiers above VIP get too), by their tier when the message goes out.',
  'These audiences are found when the message goes out; fans who subscribe later do not get it.',
];

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The body's `audience`: undefined for the subscribers, null while a post or a tier is still to be chosen. */
export function segmentBody(choice: SegmentChoice, input: SegmentInput): SegmentBody | undefined | null {
  switch (choice) {
    case 'subscribers':
      return undefined;
    case 'top_spenders':
      return { type: 'top_spenders', top: numberOrNull(input.top), min_spent: numberOrNull(input.minSpent), days: numberOrNull(input.days) };
    case 'expired':
      return { type: 'expired' };
    case 'bought_post':
    case 'not_bought_post':
      return input.postId ? { type: choice, post_id: input.postId } : null;
    case 'tier':
      return input.tierId ? { type: 'tier', tier_id: input.tierId } : null;
  }
}
