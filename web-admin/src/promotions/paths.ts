import CampaignIcon from '@mui/icons-material/Campaign';
import InsightsIcon from '@mui/icons-material/Insights';
import LocalOfferIcon from '@mui/icons-material/ConfirmationNumber';
import ReplayIcon from '@mui/icons-material/Replay';
import { type ConsolePage } from '../consolePages';

/** Console pages of promotions, coupons and the resubscribe offer (domain/access/pages.ts says who may open them). */
export const PROMOTIONS_PAGE = '/admin/promotions';
export const PROMOTION_REPORTS_PAGE = '/admin/promotion-reports';
export const PROMOTION_BUYERS_PAGE = '/admin/promotion-subscribe-users/:promotion_id';
export const COUPON_REPORTS_PAGE = '/admin/coupon-reports';
export const COUPON_DETAILS_PAGE = '/admin/coupon-reports/coupon-details/:couponId';
export const RESUBSCRIBE_OFFER_PAGE = '/admin/resubscribe-offer';

/** Menu entries (AppMenu shows those the role may open). */
export const PROMOTION_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Money', to: '/promotions', page: PROMOTIONS_PAGE, label: 'Promotions', icon: CampaignIcon, testId: 'menu-promotions' },
  { group: 'Money', to: '/promotion-reports', page: PROMOTION_REPORTS_PAGE, label: 'Promotion reports', icon: InsightsIcon, testId: 'menu-promotion-reports' },
  { group: 'Money', to: '/coupon-reports', page: COUPON_REPORTS_PAGE, label: 'Coupons', icon: LocalOfferIcon, testId: 'menu-coupons' },
  { group: 'Settings', to: '/resubscribe-offer', page: RESUBSCRIBE_OFFER_PAGE, label: 'Resubscribe offer', icon: ReplayIcon, testId: 'menu-resubscribe-offer' },
];
