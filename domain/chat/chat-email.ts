// The email a fan gets about chat messages they have not read (the fan's `messages` email switch, which
// staff set with update_user_chat_email_notifications). One email per unread streak: staff messages that arrive
// after the first unread one add to it, and only reading the chat starts a new streak.

/** A fan who reads the chat within this long after the first unread message is not emailed. */
export const CHAT_EMAIL_GRACE_MS = 15 * 60_000;

export interface ChatEmailFacts {
  fanName: string;
  creatorName: string;
  unread: number;
  /** The fan site's private chat, absolute. */
  link: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject and bodies. Message texts are never quoted: a locked message's text is what the fan pays for. */
export function chatEmail(f: ChatEmailFacts): { subject: string; text: string; html: string } {
  const what = f.unread === 1 ? 'a new message' : `${f.unread} new messages`;
  const subject = `${f.creatorName} sent you ${what}`;
  const greeting = `Hi ${f.fanName},`;
  const line = `${f.creatorName} sent you ${what} in your private chat.`;
  const footer = 'You get this email because chat email notifications are on for your account. Ask us in the chat to turn them off.';
  return {
    subject,
    text: `${greeting}\n\n${line}\n\nRead and reply: ${f.link}\n\n${footer}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p><p><a href="${escapeHtml(f.link)}">Open the chat</a></p><p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}
