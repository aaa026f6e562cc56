import { expect } from 'vitest';
import type { Decider } from '../decider.ts';

/**
 * Given/when/then for a decider (after Emmett's `DeciderSpecification`): given past events,
 * when a command is decided, then these events are produced, or this error is thrown.
 */
export function deciderSpecification<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return (given: readonly Event[]) => ({
    when: (command: Command) => {
      const decide = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: readonly Event[]) => expect(decide()).toEqual(expected),
        thenNothingHappens: () => expect(decide()).toEqual([]),
        /** The events, for assertions on large or partly computed results. */
        events: () => decide(),
        thenThrows: (errorClass: new (...args: never[]) => Error, message?: string) => {
          let thrown: unknown;
          try {
            decide();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(errorClass);
          if (message !== undefined) expect((thrown as Error).message).toBe(message);
        },
      };
    },
  });
}
