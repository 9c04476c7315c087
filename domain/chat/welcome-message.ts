// Welcome message (stream `welcome-message`): which welcome-message version is current. Each
// save is a new version: a mass message of kind 'welcome' (domain/chat/mass-message.ts) carrying the content,
// audience and delay, so a fan gets at most one copy of a version, ever (resubscribing does not resend it). A new
// version supersedes the previous one, which then stops reaching new subscribers (its copies stay).
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';

export const WELCOME_MESSAGE_STREAM = 'welcome-message';
export const WELCOME_MESSAGE_SET = 'Welcome message set successfully.';
export const WELCOME_MESSAGE_NOT_FOUND = 'Welcome message not found.';

export type WelcomeMessageEvent = DomainEvent<'WelcomeMessageSet', { welcomeId: string; previousId: string | null; setBy: string; setAt: string }>;

export type WelcomeMessageCommand = {
  type: 'SetWelcomeMessage';
  welcomeId: string;
  /** The `_id` an update names: it must be the current version (an older one was replaced meanwhile). */
  updating: string | null;
  setBy: string;
  at: string;
};

export interface WelcomeMessageState {
  currentId: string | null;
  /** Every version, oldest first. */
  versions: string[];
}

export const welcomeMessageDecider: Decider<WelcomeMessageCommand, WelcomeMessageEvent, WelcomeMessageState> = {
  initialState: () => ({ currentId: null, versions: [] }),
  evolve: (state, event) => ({ currentId: event.data.welcomeId, versions: [...state.versions, event.data.welcomeId] }),
  decide(command, state) {
    if (state.versions.includes(command.welcomeId)) return []; // the same save repeated
    if (command.updating !== null && command.updating !== state.currentId) throw new DomainError(WELCOME_MESSAGE_NOT_FOUND, 'WELCOME_MESSAGE_NOT_FOUND', 404, { field: '_id' });
    return [{ type: 'WelcomeMessageSet', data: { welcomeId: command.welcomeId, previousId: state.currentId, setBy: command.setBy, setAt: command.at } }];
  },
};
