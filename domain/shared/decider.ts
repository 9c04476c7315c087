// The shape every aggregate follows: decide(command, state) → events, evolve(state, event) → state.
// Pure: time, ids and randomness arrive inside the command.

export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Returns the events the command causes, or throws a DomainError with the text the user sees. */
  decide: (command: Command, state: State) => Event[];
}

/**
 * A rule was broken. `message` is the exact user-facing text from the spec; `code` is stable for
 * clients and tests; `status` is the HTTP status the API answers with.
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    message: string,
    readonly code: string,
    readonly status: number = 400,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function fold<Event extends DomainEvent, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}
