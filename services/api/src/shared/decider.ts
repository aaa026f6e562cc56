/**
 * A decider (Chassaing / Dudycz): state is a left fold of past events with `evolve`, and
 * `decide` turns a command into new events or throws a typed domain error. Both are pure:
 * time, ids and the acting user come in with the command.
 */
export interface Decider<Command, Event, State> {
  readonly decide: (command: Command, state: State) => Event[];
  readonly evolve: (state: State, event: Event) => State;
  readonly initialState: () => State;
}
