// The fan site's chat booking calls (/api/chat-booking/*, /api/chat/get_next_meeting_time) as queries the booking
// frames (CHAT_BOOKING_UPDATED, CHAT_ACCESS_UPDATED) mark stale, so the ribbon, the lists and the chat follow
// without a reload.
import { useQuery } from '@tanstack/react-query';
import type { BookingView } from '../../../domain/chat-booking/views';
import type { LocalSlot } from '../../../web-shared/chat-booking/slots';
import { api } from '../api';
import { useAuth } from '../auth';
import { useInvalidateOn } from '../realtime';

export type { BookingView, LocalSlot };

export interface SlotsAnswer {
  enabled: boolean;
  time_zone: string;
  creator_time_zone: string;
  price_cents: number;
  slot_minutes: number;
  cancel_deadline_hours: number;
  slots: LocalSlot[];
}

export interface NextMeeting {
  status: 'upcoming' | 'live' | null;
  remaining_seconds: number;
  live_chat_users: number;
  booking: BookingView | null;
  server_time: string;
  /** Why the fan may not write in the chat now (null: they may). */
  chat_closed: string | null;
}

export interface BookingPage {
  bookings: BookingView[];
  total: number;
  page: number;
  totalPages: number;
}

export const BOOKING_FRAMES = ['CHAT_BOOKING_UPDATED', 'CHAT_ACCESS_UPDATED'] as const;
export const BOOKING_KEY = ['chat-booking'] as const;
export const NEXT_MEETING_KEY = [...BOOKING_KEY, 'next'] as const;

export const bookingApi = {
  slots: async (timeZone: string) => (await api.get<SlotsAnswer>('/api/chat-booking/slots', { time_zone: timeZone })).data,
  list: async (page: number) => (await api.get<BookingPage>('/api/chat-booking/bookings', { page })).data,
  next: async () => (await api.post<NextMeeting>('/api/chat/get_next_meeting_time', { isAdmin: false })).data,
  cancel: (id: string) => api.post<BookingView>(`/api/chat-booking/bookings/${id}/cancel`, {}),
  reschedule: (id: string, slot: { start: string; end: string }) => api.post<BookingView>(`/api/chat-booking/bookings/${id}/reschedule`, slot),
};

/** Whether the creator takes bookings (the public setting). */
export function useBookingEnabled(): boolean {
  const { settings } = useAuth();
  return !!settings?.chat_booking_enabled;
}

/** A fan's (not staff's, not a proxy view's) booking queries are on while signed in and booking is open. */
function useFanBookingOn(): boolean {
  const { token, me } = useAuth();
  return !!token && !!me && me.role === 'user';
}

/** The countdown to the fan's next booking, read again on every booking frame. */
export function useNextMeeting(on = true) {
  const enabled = useFanBookingOn() && on;
  const query = useQuery({ queryKey: NEXT_MEETING_KEY, queryFn: bookingApi.next, enabled });
  useInvalidateOn(BOOKING_FRAMES, BOOKING_KEY, enabled);
  return { next: enabled ? (query.data ?? null) : null, loaded: query.isFetched, refetch: query.refetch, fetchedAt: query.dataUpdatedAt };
}

export function useSlots(timeZone: string, on: boolean) {
  const query = useQuery({ queryKey: [...BOOKING_KEY, 'slots', timeZone], queryFn: () => bookingApi.slots(timeZone), enabled: on });
  useInvalidateOn(BOOKING_FRAMES, [...BOOKING_KEY, 'slots'], on);
  return query;
}

export function useBookings(page: number) {
  const on = useFanBookingOn();
  const query = useQuery({ queryKey: [...BOOKING_KEY, 'list', page], queryFn: () => bookingApi.list(page), enabled: on });
  useInvalidateOn(BOOKING_FRAMES, [...BOOKING_KEY, 'list'], on);
  return query;
}
