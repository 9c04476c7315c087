import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { consoleSetupDecider, setupOpensByItself, SETUP_MESSAGES } from './setup';

const at = '2026-11-30T06:00:00.000Z';

describe('console setup', () => {
  it('given nothing, when an admin finishes, then it is completed by them at that time', () => {
    const state = given(consoleSetupDecider).when({ type: 'CompleteConsoleSetup', by: 'admin-1', at }).then([{ type: 'ConsoleSetupCompleted', data: { by: 'admin-1', at } }]);
    expect(state).toEqual({ outcome: 'completed', by: 'admin-1', at });
  });

  it('given nothing, when an admin puts it off at the price step, then it is dismissed there', () => {
    const state = given(consoleSetupDecider).when({ type: 'DismissConsoleSetup', by: 'admin-1', at, step: 'price' }).then([{ type: 'ConsoleSetupDismissed', data: { by: 'admin-1', at, step: 'price' } }]);
    expect(state.outcome).toBe('dismissed');
  });

  it('given a finished setup, when it is run again and put off, then it stays finished', () => {
    given(consoleSetupDecider, [{ type: 'ConsoleSetupCompleted', data: { by: 'admin-1', at } }]).when({ type: 'DismissConsoleSetup', by: 'admin-2', at, step: 'mail' }).then([]);
  });

  it('given a dismissed setup, when it is finished later, then it is completed', () => {
    given(consoleSetupDecider, [{ type: 'ConsoleSetupDismissed', data: { by: 'admin-1', at, step: 'name' } }])
      .when({ type: 'CompleteConsoleSetup', by: 'admin-1', at })
      .then([{ type: 'ConsoleSetupCompleted', data: { by: 'admin-1', at } }]);
  });

  it('refuses an unknown step and a missing actor', () => {
    given(consoleSetupDecider).when({ type: 'DismissConsoleSetup', by: 'admin-1', at, step: 'colours' as never }).thenThrows(SETUP_MESSAGES.step, { status: 400 });
    given(consoleSetupDecider).when({ type: 'CompleteConsoleSetup', by: '', at }).thenThrows(SETUP_MESSAGES.actor, { status: 403 });
  });

  it('opens by itself only for an admin while the setup was never finished nor put off', () => {
    expect(setupOpensByItself('admin', null, true)).toBe(true);
    expect(setupOpensByItself('super_admin', null, true)).toBe(true);
    expect(setupOpensByItself('model', null, true)).toBe(false);
    expect(setupOpensByItself('admin', 'dismissed', true)).toBe(false);
    expect(setupOpensByItself('admin', 'completed', true)).toBe(false);
    expect(setupOpensByItself('admin', null, false)).toBe(false);
  });
});
