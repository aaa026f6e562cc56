import type { SystemEvent } from '@bari/contracts';

/* The `system-initialization` stream: whether the system was ever initialized. */

export interface SystemState {
  readonly initialized: boolean;
}

export const initialSystemState = (): SystemState => ({ initialized: false });

export const evolveSystem = (_state: SystemState, _event: SystemEvent): SystemState => ({
  initialized: true,
});
