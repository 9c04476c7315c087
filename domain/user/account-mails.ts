// The emails of account self-service: a password reset, a new address to confirm, an opt-in to
// confirm. Each carries one link; the name and link are escaped in the HTML part.
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export type AccountMailKind = 'password_reset' | 'email_change' | 'opt_in' | 'guest_purchase';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const MAILS: Record<AccountMailKind, { subject: string; lead: string; tail: string; path: string }> = {
  password_reset: {
    subject: 'Reset your password',
    lead: 'We received a request to reset your password. Open this link within 1 hour to choose a new one:',
    tail: 'If you did not ask for this, you can ignore this email; your password stays as it is.',
    path: '/change-password/',
  },
  email_change: {
    subject: 'Confirm your new email address',
    lead: 'Please confirm that this is your new email address. Open this link within 24 hours:',
    tail: 'Until you do, we keep using your current address. If you did not ask for this, ignore this email.',
    path: '/change-email-verification/',
  },
  guest_purchase: {
    subject: 'Your purchase: set your password',
    lead: 'Thank you for your purchase. We made an account for this email, where the post you bought is unlocked. Open this link within 7 days to set your password and see it:',
    tail: 'If you did not buy anything, you can ignore this email.',
    path: '/change-password/',
  },
  opt_in: {
    subject: 'Confirm your email address',
    lead: 'Please confirm your email address to receive email notifications. Open this link within 24 hours:',
    tail: 'If you did not ask for this, ignore this email.',
    path: '/opt-in-email-verification/',
  },
};

/** The mail of `kind` for `name`, linking to the fan site at `siteUrl` with the emailed `token`. */
export function accountMail(kind: AccountMailKind, name: string, siteUrl: string, token: string): MailContent {
  const { subject, lead, tail, path } = MAILS[kind];
  const link = `${siteUrl}${path}${token}`;
  return {
    subject,
    text: `Hello${name ? ` ${name}` : ''},\n\n${lead}\n\n${link}\n\n${tail}\n`,
    html: `<p>Hello${name ? ` ${escapeHtml(name)}` : ''},</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(tail)}</p>`,
  };
}
