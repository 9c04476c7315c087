// Chat booking's console calls (api/routes/chat-booking.ts). The /admin-api answers are plain objects; errors carry
// the server's message and the field it names (ApiRequestError.field).
import type { AvailabilityWire, BookingView } from '../../../domain/chat-booking/views';
import { api } from '../api';

export type BookingRules = AvailabilityWire & { chat_booking_enabled: boolean };
export type StaffBooking = BookingView & { user_name: string | null; user_email: string | null };
export interface OpenSlot { start: string; end: string; date: string; start_time: string; end_time: string; utc_offset: string }

/** An /admin-api call: the answer is the object itself (no envelope). */
const plain = async <T,>(path: string, options: Parameters<typeof api>[1] = {}): Promise<T> => (await api<T>(path, options)) as unknown as T;

export interface BookingFilter { status: string; upcoming: boolean }

export const bookingApi = {
  rules: () => plain<BookingRules>('/admin-api/chat-booking/availability'),
  saveRules: (rules: BookingRules) => plain<BookingRules>('/admin-api/chat-booking/availability', { method: 'PUT', body: rules }),
  async bookings(f: BookingFilter, page: number, perPage: number, signal?: AbortSignal): Promise<{ rows: StaffBooking[]; total: number }> {
    const filter = JSON.stringify({ ...(f.status ? { status: f.status } : {}), ...(f.upcoming ? { upcoming: true } : {}) });
    const range = JSON.stringify([(page - 1) * perPage, page * perPage - 1]);
    const sort = JSON.stringify(['start_at', f.upcoming ? 'ASC' : 'DESC']);
    let total = 0;
    const rows = await plain<StaffBooking[]>(`/admin-api/chat-booking/bookings?${new URLSearchParams({ filter, range, sort })}`, {
      signal, onHeaders: (h) => { total = Number(/\/(\d+)$/.exec(h.get('content-range') ?? '')?.[1] ?? 0); },
    });
    return { rows, total: total || rows.length };
  },
  cancel: (id: string, reason: string) => plain<StaffBooking>(`/admin-api/chat-booking/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } }),
  reschedule: (id: string, slot: { start: string; end: string }) => plain<StaffBooking>(`/admin-api/chat-booking/bookings/${encodeURIComponent(id)}/reschedule`, { method: 'POST', body: slot }),
  async openSlots(timeZone: string): Promise<OpenSlot[]> {
    return (await api<{ slots: OpenSlot[] }>(`/api/chat-booking/slots?${new URLSearchParams({ time_zone: timeZone })}`)).data.slots;
  },
  allowToChat: (userId: string, allowed: boolean) => api<{ user_id: string; is_allowed: boolean }>('/api/chat/update_allow_user_to_chat', { body: { user_id: userId, is_allowed: allowed } }),
  setNormalChatDisabled: (disabled: boolean) => api('/api/app_settings/update_chat_settings', { body: { chat_settings: { disabled_normal_chat: disabled } } }),
};
