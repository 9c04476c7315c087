// Lines `npm start` prints after the address (api/main.ts), kept here so they can be tested.

/** Without SMTP nothing is mailed: say where password resets and verification links wait instead. */
export function mailDeliveryNote(smtpUrl: string | undefined, url: string): string | null {
  if (smtpUrl) return null;
  return `Mail: SMTP_URL is not set, so no email is sent — password resets and email verifications wait in the console's Outbox (${url}/admin/outbox); set SMTP_URL to send them.`;
}

/** Where the creator changes the generated first-start password. */
export const CHANGE_PASSWORD_HINT = "shown once — change it in the console: user menu → My profile";
