// The read-model side of the background mailers (commands/chat-emails.ts ChatEmailReads, commands/
// subscription-emails.ts SubscriptionEmailReads): what is due, and the settings and addresses a mail needs, answered
// from the projections so commands/ never import projections/.
import type { Kysely } from 'kysely';
import type { ChatEmailReads } from '../commands/chat-emails';
import type { SubscriptionEmailReads } from '../commands/subscription-emails';
import type { ReadModels } from '../projections/schema';
import { chatEmailsDue } from '../projections/chat-conversations';
import { subscriptionEmailsDue } from '../projections/subscription-emails';
import { currentSettings } from '../projections/settings';
import { findUser } from '../projections/users';

/** What chat emails read: the conversation read model's queue and the creator's name from the settings. */
export const chatEmailReads = (db: Kysely<ReadModels>): ChatEmailReads => ({
  due: (cutoffIso: string, limit: number) => chatEmailsDue(db, cutoffIso, limit),
  creatorName: async () => (await currentSettings(db)).model_name,
});

/** What subscription mails read: the queue, the settings' switches and the creator's name, the staff address, a fan's address. */
export const subscriptionEmailReads = (db: Kysely<ReadModels>, adminEmail: string): SubscriptionEmailReads => ({
  due: (since, limit) => subscriptionEmailsDue(db, since, limit),
  settings: async () => {
    const s = await currentSettings(db);
    return { mails: s.subscription_email_notification, creatorName: s.model_name, adminEmail };
  },
  user: async (userId) => {
    const u = await findUser(db, userId);
    return u ? { email: u.email, name: u.name } : null;
  },
});
