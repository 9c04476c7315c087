// The report calls (api/routes/reports.ts): GET /admin-api/reports/* and /api/reporting-page, in the envelope.
import { api } from '../api';
import type {
  ActivityRow, EarningsReport, MovementRow, OptInReport, Page, PostBuyersReport, PurchaseHistory, ReportingPageSettings, ReversalsReport, UnlocksReport, UserReport, UtmReport,
} from '../../../domain/reporting/wire';

export type { ActivityRow, EarningsReport, MovementRow, OptInReport, Page, PostBuyersReport, PurchaseHistory, ReportingPageSettings, ReversalsReport, UnlocksReport, UserReport, UtmReport };

export type Query = Record<string, string | number | null | undefined>;

export const queryString = (q: Query) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== null && v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

const get = async <T>(path: string, q: Query, signal?: AbortSignal) => (await api<T>(`${path}${queryString(q)}`, { signal })).data;

export const reportsApi = {
  earnings: (q: Query, signal?: AbortSignal) => get<EarningsReport>('/admin-api/reports/earnings', q, signal),
  reversals: (q: Query, signal?: AbortSignal) => get<ReversalsReport>('/admin-api/reports/reversals', q, signal),
  users: (q: Query, signal?: AbortSignal) => get<UserReport>('/admin-api/reports/users', q, signal),
  purchaseHistory: (q: Query, signal?: AbortSignal) => get<PurchaseHistory>('/admin-api/reports/purchase-history', q, signal),
  unlocks: (q: Query, signal?: AbortSignal) => get<UnlocksReport>('/admin-api/reports/unlocks', q, signal),
  postBuyers: (postId: string, q: Query, signal?: AbortSignal) => get<PostBuyersReport>(`/admin-api/reports/posts/${encodeURIComponent(postId)}/buyers`, q, signal),
  optIn: (q: Query, signal?: AbortSignal) => get<OptInReport>('/admin-api/reports/opt-in', q, signal),
  utm: (q: Query, signal?: AbortSignal) => get<UtmReport>('/admin-api/reports/utm', q, signal),
  activity: (q: Query, signal?: AbortSignal) => get<Page<ActivityRow>>('/admin-api/reports/influencer-activity', q, signal),
  pageSettings: (signal?: AbortSignal) => get<ReportingPageSettings>('/api/reporting-page', {}, signal),
  savePageSettings: async (changes: Partial<Pick<ReportingPageSettings, 'content_manager_reporting_enabled' | 'reporting_default_group'>>) =>
    api<ReportingPageSettings>('/api/reporting-page', { method: 'PUT', body: changes }),
};
