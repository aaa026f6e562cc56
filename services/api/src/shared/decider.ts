/**
 * A decider (Chassaing / Dudycz): state is a left fold of past events with `evolve`, and
 * `decide` turns a command into new events or throws a typed domain error. Both are pure:
 * time, ids and the acting user come in with the command.
 */
export interface Decider<Command, Event, State> {
  readonly decide: (command: Command, state: State) => Event[];
  readonly evolve: (state: State, event: Event) => State;
  /** The same as folding `events` with `evolve`, when a decider can do it in fewer copies. */
  readonly evolveAll?: (state: State, events: readonly Event[]) => State;
  readonly initialState: () => State;
}

/** `events` folded onto `state`: with the decider's `evolveAll` when it has one. */
export function foldEvents<Event, State>(
  decider: Pick<Decider<never, Event, State>, 'evolve' | 'evolveAll'>,
  state: State,
  events: readonly Event[],
): State {
  return decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state);
}
