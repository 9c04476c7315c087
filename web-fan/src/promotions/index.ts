// Promotions on the fan site: the provider (mounted by the Shell), the ribbons with their countdowns, the
// locked-content promotion price and the coupon field of the subscribe page. The staff promotion button
// (./PromotionStaffBar) loads on its own, for staff only.
export { PromotionProvider, usePromotions } from './PromotionContext';
export { PromotionRibbons, type RibbonSlot } from './PromotionRibbon';
export { PostPrice, usePostPromotion, type PostPromotion } from './PromotionPrice';
