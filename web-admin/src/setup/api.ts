// The setup wizard's calls. Every setting goes through the route its own settings page uses; only the wizard's
// outcome (finished, or put off at a step) has routes of its own.
import type { ConsoleSetupView } from '../../../domain/console/wire';
import type { SetupStep } from '../../../domain/console/setup';
import { api } from '../api';
import { ADMIN_API, httpClient } from '../dataProvider';
import type { MailConfig, MailForm } from '../site-config/MailServerFields';

export interface SiteRecord {
  model_name: string;
  model_avatar_url: string | null;
  model_cover_url: string | null;
  membership_price_cents: number;
  recurring_membership_price_cents: number;
}

export type { MailConfig, MailForm } from '../site-config/MailServerFields';

const json = async <T,>(url: string, method = 'GET', body?: unknown): Promise<T> =>
  (await httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json as T;

export const setupApi = {
  site: () => json<SiteRecord>(`${ADMIN_API}/settings/site`),
  /** The creator's profile settings (My profile's route): only the given ones change. */
  saveSite: (changes: Partial<SiteRecord>) => json<SiteRecord>(`${ADMIN_API}/settings/site`, 'PUT', changes),
  /** The membership price (Subscription settings' route): first month and every month after. */
  savePrice: (cents: number) =>
    json<unknown>(`${ADMIN_API}/subscription-settings/site`, 'PUT', { membership_price_cents: cents, recurring_membership_price_cents: cents }),
  mail: async () => (await api<MailConfig>('/api/settings/email-configuration')).data,
  saveMail: async (form: MailForm) => (await api<MailConfig>('/api/settings/email-configuration', { body: form })).data,
  testMail: async (to: string) => (await api<unknown>('/api/settings/email-configuration/test', { body: { to } })).message ?? `Test mail sent to ${to}.`,
  me: async () => (await api<{ email?: string }>('/api/users/me')).data,
  live: async () => (await api<{ enable_live_streaming?: boolean }>('/api/stream/get_settings')).data,
  saveLive: async (on: boolean) => api<unknown>('/api/stream/save_settings', { body: { enable_live_streaming: on } }),
  complete: () => json<ConsoleSetupView>(`${ADMIN_API}/setup/complete`, 'POST', {}),
  dismiss: (step: SetupStep) => json<ConsoleSetupView>(`${ADMIN_API}/setup/dismiss`, 'POST', { step }),
};
