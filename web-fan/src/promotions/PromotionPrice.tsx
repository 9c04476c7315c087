// The locked-content promotion price: ceil(amount × (100 − percent) / 100) in whole dollars
// (domain/pricing), shown struck-through next to the list price on locked posts, and what the unlock charges.
import Box from '@mui/material/Box';
import type { PostView } from '../../../domain/post/wire';
import { lockedContentPriceCents } from '../../../domain/pricing/pricing';
import { subtypeCovers } from '../../../domain/promotion/promotion';
import { money } from '../format';
import { usePromotions } from './PromotionContext';

export interface PostPromotion {
  promotionId: string;
  discountPercent: number;
  /** What the fan pays now. */
  priceCents: number;
  /** The post's own price. */
  listCents: number;
  ribbonText: string;
}

/** The running locked-content promotion this viewer may buy this locked post at, or null. */
export function usePostPromotion(post: PostView | null): PostPromotion | null {
  const { data, endsAt } = usePromotions();
  const p = data?.locked_content;
  if (!post || !p || post.visibility !== 'locked' || !post.isLocked || !p.applies_to_viewer || p.discount_percentage === null) return null;
  if (p.promotion_sub_type && !subtypeCovers(p.promotion_sub_type, 'post')) return null;
  if (endsAt(p) <= Date.now()) return null;
  return {
    promotionId: p.promotion_id,
    discountPercent: p.discount_percentage,
    priceCents: lockedContentPriceCents(post.amount_cents, p.discount_percentage),
    listCents: post.amount_cents,
    ribbonText: p.ribbon_text,
  };
}

/** "$15.00", or "~~$15.00~~ $14.00" while a promotion applies. `onDark`: over a blurred image. */
export function PostPrice({ post, onDark = false }: { post: PostView; onDark?: boolean }) {
  const promo = usePostPromotion(post);
  const { data } = usePromotions();
  if (!promo) return <>{money(post.amount, post.amount_cents)}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.75 }} data-testid="promotion-price" data-price-cents={promo.priceCents}>
      <Box
        component="s"
        aria-label={`was ${money(0, promo.listCents)}`}
        sx={{ opacity: onDark ? 0.8 : 0.7, fontWeight: 500, textDecorationColor: data?.price_strike_through_color ?? 'currentColor', textDecorationThickness: '2px' }}
      >
        {money(0, promo.listCents)}
      </Box>
      <Box component="span" sx={{ fontWeight: 800 }}>
        {money(0, promo.priceCents)}
      </Box>
    </Box>
  );
}
