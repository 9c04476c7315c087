// GET /api/creator/profile: what the profile header over the feed shows besides the settings (public).
import type { CreatorPresence } from './presence';

export interface CreatorProfileCounts {
  /** Posts a fan can see in the feed (scheduled ones not yet), and the photos and videos in them. */
  posts: number;
  photos: number;
  videos: number;
  /** Likes on those posts. */
  likes: number;
}

export interface CreatorProfile {
  counts: CreatorProfileCounts;
  /** Null while the creator hides their presence (console: My profile → Show when I am online). */
  presence: CreatorPresence | null;
}
