// The console's setup wizard: its outcome (finished, or put off at a step) on the `console-setup` stream.
import { consoleSetupDecider, CONSOLE_SETUP_STREAM, type SetupStep } from '../domain/console/setup';
import { handle, type CommandContext } from './handle';

export async function completeConsoleSetup(ctx: CommandContext, by: string) {
  return handle(ctx, CONSOLE_SETUP_STREAM, consoleSetupDecider, { type: 'CompleteConsoleSetup', by, at: ctx.now() });
}

export async function dismissConsoleSetup(ctx: CommandContext, by: string, step: SetupStep) {
  return handle(ctx, CONSOLE_SETUP_STREAM, consoleSetupDecider, { type: 'DismissConsoleSetup', by, at: ctx.now(), step });
}
