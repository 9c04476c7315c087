import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import UndoOutlinedIcon from '@mui/icons-material/UndoOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import { consolePath, type ConsolePage } from '../consolePages';

/** The creator's reports in the console (domain/access/pages.ts says who may open each page). */
export const REPORTING_PAGE = '/admin/reporting';
export const REVERSALS_PAGE = '/admin/voids-refund-and-chargeback';
export const USER_REPORT_PAGE = '/admin/user-report';
export const PURCHASE_HISTORY_PAGE = '/admin/user-purchase-history';
export const UNLOCKED_CONTENT_PAGE = '/admin/unlocked-content-user-list';
export const POST_BUYERS_PAGE = '/admin/purchased-by/locked-exclusive-content/:blogId/:promotion_id?';
export const OPT_IN_REPORT_PAGE = '/admin/settings/opt-in-report';
export const REPORTING_SETTINGS_PAGE = '/admin/settings/reporting-page';
export const UTM_PAGE = '/admin/user-utm-params';
export const INFLUENCER_ACTIVITY_PAGE = '/admin/influencer-activity';

export const purchaseHistoryPath = (userId?: string) => (userId ? `/user-purchase-history?user_id=${encodeURIComponent(userId)}` : '/user-purchase-history');
export const postBuyersPath = (postId: string, promotionId?: string | null) => consolePath('/purchased-by/locked-exclusive-content', postId, promotionId);

/**
 * Menu entries (AppMenu shows them to the roles that may open the page). The
 * reporting page's settings are reached from the settings index and from the report itself.
 */
export const REPORT_CONSOLE_PAGES: readonly ConsolePage[] = [
  { group: 'Money', to: '/reporting', page: REPORTING_PAGE, label: 'Reporting', icon: InsightsOutlinedIcon, testId: 'menu-reporting' },
  { group: 'Money', to: '/voids-refund-and-chargeback', page: REVERSALS_PAGE, label: 'Refunds & chargebacks', icon: UndoOutlinedIcon, testId: 'menu-reversals' },
  { group: 'Money', to: '/user-report', page: USER_REPORT_PAGE, label: 'User report', icon: GroupsOutlinedIcon, testId: 'menu-user-report' },
  { group: 'Money', to: '/user-purchase-history', page: PURCHASE_HISTORY_PAGE, label: 'Purchase history', icon: ReceiptLongOutlinedIcon, testId: 'menu-purchase-history' },
  { group: 'Money', to: '/unlocked-content-user-list', page: UNLOCKED_CONTENT_PAGE, label: 'Unlocked content', icon: LockOpenOutlinedIcon, testId: 'menu-unlocked-content' },
  { group: 'Fans', to: '/user-utm-params', page: UTM_PAGE, label: 'UTM parameters', icon: CampaignOutlinedIcon, testId: 'menu-utm' },
  { group: 'Fans', to: '/settings/opt-in-report', page: OPT_IN_REPORT_PAGE, label: 'Opt-in report', icon: MarkEmailReadOutlinedIcon, testId: 'menu-opt-in-report' },
  { group: 'Advanced', to: '/influencer-activity', page: INFLUENCER_ACTIVITY_PAGE, label: 'Influencer activity', icon: ManageHistoryOutlinedIcon, testId: 'menu-influencer-activity' },
];
