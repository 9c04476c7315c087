// Without an SMTP server (SMTP_URL unset) the site's mail only waits in the console's Outbox: the fan is told
// so instead of "we emailed you". PublicSettings.mail_delivery says which it is.
import { useAuth } from './auth';

export const NO_MAIL_SERVER = "We could not email you yet: this site has no mail server set up. Ask the site's support for your link.";

/** True when mail is not sent but kept in the console's Outbox. */
export function useMailWaitsInOutbox(): boolean {
  const { settings } = useAuth();
  return settings?.mail_delivery === 'outbox';
}
