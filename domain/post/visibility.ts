// Who may see what of a post. Pure: the caller supplies the viewer's standing.
import type { PostVisibility } from './wire';
import { isStaffRole, type Role } from '../shared/wire';

export interface Viewer {
  userId: string | null;
  role: Role | null;
  /** Subscription status '1' or '2' and not lapsed. */
  isSubscriber: boolean;
  /** The rank of the member's tier (0: the base tier or no membership); see domain/membership-plan tierRank. */
  tierRank?: number;
}

/** The lowest tier that sees a post, as the reader needs it: its name for "Upgrade to …" and its rank. */
export interface RequiredTier {
  tierId: string;
  name: string;
  rank: number;
}

/** The lowest tier that sees a post or buys a message (null: none); a tier the read model does not know ranks above
 *  every member's (only staff open it). */
export const requiredTierById = (tierId: string | null | undefined, tiers: Map<string, RequiredTier>): RequiredTier | null =>
  tierId ? (tiers.get(tierId) ?? { tierId, name: '', rank: Number.MAX_SAFE_INTEGER }) : null;

/** A member sees a post limited to a tier when their tier ranks at least as high; an unlimited post, every member. */
/** A member's tier rank (0: the base tier or none) from the tiers on offer. */
export const tierRankOf = (tiers: Map<string, RequiredTier>, tierId: string | null): number => (tierId ? tiers.get(tierId)?.rank ?? 0 : 0);

export const meetsTier = (memberRank: number, required: Pick<RequiredTier, 'rank'> | null): boolean => !required || memberRank >= required.rank;

export interface PostAccess {
  /** The viewer may see the originals. */
  entitled: boolean;
  captionBlur: boolean;
  cta: 'register' | 'subscribe' | 'unlock' | 'upgrade' | null;
}

/**
 * What the viewer may see of a post. A post limited to a tier (`requiredTier`) is for members of that tier or higher:
 * a member of a lower tier sees its caption, not its media, and is pointed to upgrade. A locked post's buyer keeps it.
 */
export function postAccess(
  post: { visibility: PostVisibility },
  viewer: Viewer,
  unlockedByViewer: boolean,
  requiredTier: Pick<RequiredTier, 'rank'> | null = null,
): PostAccess {
  const staff = isStaffRole(viewer.role);
  if (staff || post.visibility === 'public') return { entitled: true, captionBlur: false, cta: null };
  if (!viewer.userId) return { entitled: false, captionBlur: true, cta: 'register' };
  if (post.visibility === 'locked' && unlockedByViewer) return { entitled: true, captionBlur: false, cta: null };
  if (!viewer.isSubscriber) return { entitled: false, captionBlur: true, cta: 'subscribe' };
  if (!meetsTier(viewer.tierRank ?? 0, requiredTier)) return { entitled: false, captionBlur: false, cta: 'upgrade' };
  // Private: every member of the tier. Locked: members see the caption and may buy it.
  return post.visibility === 'private' ? { entitled: true, captionBlur: false, cta: null } : { entitled: false, captionBlur: false, cta: 'unlock' };
}

/**
 * Whether the viewer may open the original (and thumbnail) of one media item of the post: everything when
 * entitled; otherwise only the preview item a locked post shows to everyone.
 */
export function mayOpenMedia(
  post: { visibility: PostVisibility; preview_media_id: string | null },
  access: Pick<PostAccess, 'entitled'>,
  mediaId: string,
): boolean {
  if (access.entitled) return true;
  return post.visibility === 'locked' && post.preview_media_id === mediaId;
}
