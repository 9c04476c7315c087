// When the console alerts staff to a fan's new chat message (a sound and a desktop notification): a message from the
// fan (never the staff's own, nor a mass-message copy), while the alerts are on, and only when the staff member
// would not see it anyway — the tab is hidden, or another conversation (or another page) is open.
export interface AlertContext {
  enabled: boolean;
  /** document.hidden */
  hidden: boolean;
  /** The fan whose conversation is on screen; null when none is. */
  openFanId: string | null;
}

export function shouldAlert(data: Record<string, unknown>, ctx: AlertContext): boolean {
  if (!ctx.enabled || data.fromAdmin !== false) return false;
  const fanId = typeof data.fanId === 'string' ? data.fanId : null;
  if (!fanId) return false;
  return ctx.hidden || ctx.openFanId !== fanId;
}

/** The notification's title and text ("New message from Ann" / the message, or what it carries). */
export function alertText(data: Record<string, unknown>): { title: string; body: string } {
  const name = typeof data.name === 'string' && data.name.trim() ? data.name.trim() : 'a fan';
  const text = typeof data.message === 'string' ? data.message.trim() : '';
  const kind = typeof data.type === 'string' ? data.type : 'text';
  const body = text ? (text.length > 120 ? `${text.slice(0, 119)}…` : text) : kind === 'photo' ? 'Photo' : kind === 'video' ? 'Video' : kind === 'gallery' ? 'Gallery' : 'New message';
  return { title: `New message from ${name}`, body };
}

export const ALERTS_KEY = 'fanclub.console.chatAlerts';
