// The console's first-run setup: whether the site's admin finished the setup wizard or put it off. Stream
// `console-setup`; the latest event is the answer, and each one says who and when (the audit trail). The settings
// the wizard edits are saved through their own commands: this aggregate holds only the wizard's own outcome.
import type { Decider, DomainEvent } from '../shared/decider';
import { DomainError } from '../shared/decider';
import { ValidationError } from '../shared/validation';
import type { Role } from '../shared/wire';

export const CONSOLE_SETUP_STREAM = 'console-setup';

/** The steps in order; a dismissal names where the admin stopped. */
export const SETUP_STEPS = ['name', 'images', 'price', 'welcome', 'mail', 'live', 'done'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export type ConsoleSetupEvent =
  | DomainEvent<'ConsoleSetupCompleted', { by: string; at: string }>
  | DomainEvent<'ConsoleSetupDismissed', { by: string; at: string; step: SetupStep }>;

export type ConsoleSetupCommand =
  | { type: 'CompleteConsoleSetup'; by: string; at: string }
  | { type: 'DismissConsoleSetup'; by: string; at: string; step: SetupStep };

export type SetupOutcome = 'completed' | 'dismissed';
export interface ConsoleSetupState {
  outcome: SetupOutcome | null;
  by: string | null;
  at: string | null;
}

export const SETUP_MESSAGES = {
  step: 'step must be one of name, images, price, welcome, mail, live or done.',
  actor: 'Only a signed-in admin can finish the setup.',
} as const;

export const consoleSetupDecider: Decider<ConsoleSetupCommand, ConsoleSetupEvent, ConsoleSetupState> = {
  initialState: () => ({ outcome: null, by: null, at: null }),
  evolve: (_state, event) => ({ outcome: event.type === 'ConsoleSetupCompleted' ? 'completed' : 'dismissed', by: event.data.by, at: event.data.at }),
  decide(command, state) {
    if (!command.by) throw new DomainError(SETUP_MESSAGES.actor, 'FORBIDDEN', 403);
    if (command.type === 'CompleteConsoleSetup') return [{ type: 'ConsoleSetupCompleted', data: { by: command.by, at: command.at } }];
    if (!(SETUP_STEPS as readonly string[]).includes(command.step)) throw new ValidationError('step', SETUP_MESSAGES.step);
    // Putting off a setup that is already finished changes nothing: "Finish later" on a re-run keeps it finished.
    if (state.outcome === 'completed') return [];
    return [{ type: 'ConsoleSetupDismissed', data: { by: command.by, at: command.at, step: command.step } }];
  },
};

/** Who runs the setup: the site's admins (the creator or the operator), never other staff. */
export const SETUP_ROLES: readonly Role[] = ['admin', 'super_admin'];

/** Whether the wizard opens by itself for this person: an admin, the setup never finished nor put off, and this
 *  install does not skip it (a site provisioned by script). */
export function setupOpensByItself(role: Role | null, outcome: SetupOutcome | null, wizardOn: boolean): boolean {
  return wizardOn && outcome === null && !!role && SETUP_ROLES.includes(role);
}
