// Promotions on the fan site: the provider (mounted by the Shell), the ribbons with their countdowns, the
// locked-content promotion price, the staff promotion button and the coupon field of the subscribe page.
export { PromotionProvider, usePromotions } from './PromotionContext';
export { PromotionRibbons, type RibbonSlot } from './PromotionRibbon';
export { PostPrice, usePostPromotion, type PostPromotion } from './PromotionPrice';
export { PromotionStaffBar } from './PromotionStaffBar';
