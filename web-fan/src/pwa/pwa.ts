// The installable app and web push on the fan site: the service worker (/sw.js), this device's push
// subscription, device info, the install popup's stored counter. Rules are domain/push/push.ts's.
import { api } from '../api';
import { nextInstallCounter, type InstallCounter } from '../../../domain/push/push';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/** Registers /sw.js for the whole site once; null where service workers are not available (or not allowed). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (registration) return registration;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return (registration = Promise.resolve(null));
  registration = navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null);
  // A notification click in a window the worker does not control yet asks the page to open the address.
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent) => {
    const d = e.data as { type?: string; url?: string } | null;
    if (d?.type === 'fanclub:open' && typeof d.url === 'string' && new URL(d.url).origin === location.origin) location.assign(d.url);
  });
  return registration;
}

const fromBase64Url = (s: string): Uint8Array<ArrayBuffer> => {
  const b = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(b.length));
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
};

export class PushUnavailable extends Error {}

/** Asks the browser for permission, subscribes with the site's VAPID key, and registers the device with the server. */
export async function subscribeThisDevice(publicKey: string): Promise<void> {
  if (!pushSupported()) throw new PushUnavailable('This browser cannot receive notifications. On an iPhone, add the site to your Home Screen first.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushUnavailable('Notifications are blocked for this site in your browser settings.');
  const reg = await registerServiceWorker();
  if (!reg) throw new PushUnavailable('This browser cannot receive notifications.');
  const ready = await navigator.serviceWorker.ready;
  let sub = await ready.pushManager.getSubscription();
  if (sub) {
    // Made with another key (a different site setup): start again.
    const key = sub.options.applicationServerKey;
    const same = key && btoa(String.fromCharCode(...new Uint8Array(key))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') === publicKey;
    if (!same) {
      await sub.unsubscribe().catch(() => undefined);
      sub = null;
    }
  }
  try {
    sub = sub ?? (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
  } catch {
    throw new PushUnavailable('This browser could not set up notifications (its push service did not answer). Please try again later.');
  }
  await api.post('/api/notifications/register-device', sub.toJSON());
}

export async function unsubscribeThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await api.post('/api/notifications/unregister-device', { endpoint: sub.endpoint }).catch(() => undefined);
  await sub.unsubscribe().catch(() => undefined);
}

export async function thisDeviceSubscribed(): Promise<boolean> {
  if (!pushSupported()) return false;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return !!(await reg?.pushManager.getSubscription());
}

// ---- stored counters and flags -------------------------------------------------------------------------------

const read = (k: string): string | null => {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
};
const write = (k: string, v: string) => {
  try {
    localStorage.setItem(k, v);
  } catch {
    /* storage off: lasts for the page */
  }
};

export const INSTALL_COUNTER_KEY = 'fanclub.installCounter';
export const readInstallCounter = (): InstallCounter => {
  const v = read(INSTALL_COUNTER_KEY);
  if (v === 'never') return 'never';
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : 0;
};
export const moveInstallCounter = (action: 'visit' | 'close' | 'never'): InstallCounter => {
  const next = nextInstallCounter(readInstallCounter(), action);
  write(INSTALL_COUNTER_KEY, String(next));
  return next;
};

export const flag = { get: read, set: write };

export const isStandalone = (): boolean =>
  typeof window !== 'undefined' && (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true);

/** A random id for this browser, kept, so send-device-info reports one device once. */
export function deviceId(): string {
  let id = read('fanclub.deviceId');
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    write('fanclub.deviceId', id);
  }
  return id;
}

export function sendDeviceInfo(): Promise<unknown> {
  return api.post('/api/services/send-device-info', {
    device_id: deviceId(),
    platform: ((navigator as { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '').slice(0, 100),
    user_agent: navigator.userAgent.slice(0, 500),
    language: (navigator.language ?? '').slice(0, 35),
    standalone: isStandalone(),
    screen: `${window.screen?.width ?? 0}x${window.screen?.height ?? 0}`,
    timezone: (Intl.DateTimeFormat().resolvedOptions().timeZone ?? '').slice(0, 64),
  }).catch(() => undefined);
}
