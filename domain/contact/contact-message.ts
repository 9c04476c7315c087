// Contact messages: what visitors send through /contact-us and /like-the-website.
// One stream per message (`contact-message-<id>`): received, then read / handled by staff in the console inbox.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';
import { ValidationError, isValidEmail, normaliseEmail } from '../shared/validation';

export const contactStream = (id: string) => `contact-message-${id}`;

export const CONTACT_KINDS = ['contact', 'feedback'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  nameTooLong: `name cannot be more than ${CONTACT_LIMITS.name} characters.`,
  emailRequired: 'Please enter an email.',
  emailInvalid: 'Please enter a valid email.',
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: `subject cannot be more than ${CONTACT_LIMITS.subject} characters.`,
  messageRequired: 'Please enter a message.',
  messageTooLong: `message cannot be more than ${CONTACT_LIMITS.message} characters.`,
  sent: 'Thank you! Your message has been sent.',
  feedbackSent: 'Thank you for your feedback!',
  formOff: 'The contact form is not available right now.',
  feedbackOff: 'This form is not available right now.',
  notFound: 'Message not found.',
} as const;

export interface ContactInput {
  kind: ContactKind;
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Checks and normalises a visitor's message; the first problem names its field. */
export function checkContact(input: ContactInput): ContactInput {
  const name = input.name.trim();
  const email = normaliseEmail(input.email);
  const subject = input.subject.trim();
  const message = input.message.trim();
  if (!name) throw new ValidationError('name', CONTACT_MESSAGES.nameRequired);
  if (name.length > CONTACT_LIMITS.name) throw new ValidationError('name', CONTACT_MESSAGES.nameTooLong);
  if (!email) throw new ValidationError('email', CONTACT_MESSAGES.emailRequired);
  if (!isValidEmail(email)) throw new ValidationError('email', CONTACT_MESSAGES.emailInvalid);
  if (input.kind === 'contact' && !subject) throw new ValidationError('subject', CONTACT_MESSAGES.subjectRequired);
  if (subject.length > CONTACT_LIMITS.subject) throw new ValidationError('subject', CONTACT_MESSAGES.subjectTooLong);
  if (!message) throw new ValidationError('message', CONTACT_MESSAGES.messageRequired);
  if (message.length > CONTACT_LIMITS.message) throw new ValidationError('message', CONTACT_MESSAGES.messageTooLong);
  return { kind: input.kind, name, email, subject, message };
}

export type ContactMessageEvent =
  | DomainEvent<'ContactMessageReceived', ContactInput & { messageId: string; userId: string | null; receivedAt: string }>
  | DomainEvent<'ContactMessageStatusChanged', { messageId: string; status: ContactStatus; by: string; at: string }>;

export const CONTACT_STATUSES = ['new', 'read', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

type State = { exists: boolean; status: ContactStatus };
type Command =
  | { type: 'Receive'; messageId: string; input: ContactInput; userId: string | null; at: string }
  | { type: 'SetStatus'; messageId: string; status: ContactStatus; by: string; at: string };

export const contactMessageDecider: Decider<Command, ContactMessageEvent, State> = {
  initialState: () => ({ exists: false, status: 'new' }),
  evolve: (s, e) => (e.type === 'ContactMessageReceived' ? { exists: true, status: 'new' } : { ...s, status: e.data.status }),
  decide(c, s) {
    if (c.type === 'Receive') {
      if (s.exists) return [];
      return [{ type: 'ContactMessageReceived', data: { ...checkContact(c.input), messageId: c.messageId, userId: c.userId, receivedAt: c.at } }];
    }
    if (!s.exists) throw new DomainError(CONTACT_MESSAGES.notFound, 'NOT_FOUND', 404);
    if (s.status === c.status) return [];
    return [{ type: 'ContactMessageStatusChanged', data: { messageId: c.messageId, status: c.status, by: c.by, at: c.at } }];
  },
};

/** The mail to the creator (plain text; the visitor's address as Reply-To is left to the mail client's reply). */
export function contactMail(m: ContactInput & { receivedAt: string }, siteName: string): { subject: string; text: string } {
  const what = m.kind === 'feedback' ? 'Feedback' : 'Contact';
  return {
    subject: `[${siteName}] ${what}: ${m.subject || m.message.slice(0, 60)}`,
    text: `${what} message from ${m.name} <${m.email}> at ${m.receivedAt}\n\n${m.subject ? `Subject: ${m.subject}\n\n` : ''}${m.message}\n\nAnswer by replying to ${m.email}. This message is also in the console's Contact inbox.\n`,
  };
}
