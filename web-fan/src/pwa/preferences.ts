// The signed-in reader's web push preferences (GET /api/notifications/user-notification-preferences) and whether
// this device is subscribed, as queries the preferences page and the shell's push prompt share.
import { useQuery } from '@tanstack/react-query';
import type { WebNotificationPreferences } from '../../../domain/push/push';
import { api } from '../api';
import { queryClient } from '../realtime';
import { thisDeviceSubscribed } from './pwa';

export interface PreferencesView {
  web_push_notification_enabled: boolean;
  vapid_public_key: string;
  is_allow_web_notification: boolean;
  web_notification_preferences: WebNotificationPreferences;
  tags: string[];
  prompt: 'admin' | 'user' | null;
  devices: { id: string; user_agent: string; registered_at: string }[];
  show_notification_help_popup: boolean;
}

const PREFERENCES_KEY = ['push', 'preferences'] as const;
const DEVICE_KEY = ['push', 'this-device'] as const;

export const usePushPreferences = (enabled = true) =>
  useQuery({ queryKey: PREFERENCES_KEY, queryFn: async () => (await api.get<PreferencesView>('/api/notifications/user-notification-preferences')).data, enabled });

/** Whether this browser holds a push subscription (the browser's own state, asked like a read). */
export const useThisDeviceSubscribed = (enabled = true) => useQuery({ queryKey: DEVICE_KEY, queryFn: thisDeviceSubscribed, enabled });

/** A save answered with the new preferences. */
export const setPushPreferences = (view: PreferencesView) => queryClient.setQueryData(PREFERENCES_KEY, view);

/** The device was subscribed or unsubscribed: both are read again (resolves once they are). */
export const pushPreferencesChanged = () => queryClient.invalidateQueries({ queryKey: ['push'] });
