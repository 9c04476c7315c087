// Subscription email notifications (spec: the `subscription-email-notification` call and settings page, contents not
// shown). Ours: which membership events are mailed, to the fan and to the creator's staff address.
// A site setting, saved through POST /api/settings/subscription-email-notification.

export interface SubscriptionEmailSettings {
  /** The master switch: nothing is mailed while it is off. */
  enabled: boolean;
  /** To the fan: the membership started (a receipt with the amount and the renewal date). */
  fan_subscribed: boolean;
  /** To the fan: a renewal was charged. */
  fan_renewed: boolean;
  /** To the fan: the membership was cancelled (access until the end of the period). */
  fan_cancelled: boolean;
  /** To the fan: a renewal payment failed (with the link to update the card). */
  fan_payment_failed: boolean;
  /** To the staff address: a new member. */
  staff_new_subscriber: boolean;
  /** To the staff address: a member cancelled. */
  staff_cancelled: boolean;
  /** Where staff mails go; empty: the site's admin address. */
  staff_email: string;
}

export const SUBSCRIPTION_EMAIL_DEFAULTS = {
  subscription_email_notification: {
    enabled: true,
    fan_subscribed: true,
    fan_renewed: false,
    fan_cancelled: true,
    fan_payment_failed: true,
    staff_new_subscriber: true,
    staff_cancelled: true,
    staff_email: '',
  } as SubscriptionEmailSettings,
};

export const SUBSCRIPTION_EMAIL_SWITCHES = ['fan_subscribed', 'fan_renewed', 'fan_cancelled', 'fan_payment_failed', 'staff_new_subscriber', 'staff_cancelled'] as const;
export type SubscriptionEmailKind = (typeof SUBSCRIPTION_EMAIL_SWITCHES)[number];

/** Whether this kind of mail goes out under these settings. */
export const sendsMail = (s: SubscriptionEmailSettings, kind: SubscriptionEmailKind): boolean => s.enabled && !!s[kind];
