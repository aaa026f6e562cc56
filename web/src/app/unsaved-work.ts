import { useEffect } from 'react';

/**
 * Whether some form on screen holds changes not saved yet. A lost session then must not send
 * the browser to the login screen, even on a read (the CPF check while typing): the
 * 'Sessão encerrada' dialog is shown instead (`session-recovery.ts`).
 */
export interface UnsavedWork {
  /** Counts one more form holding changes; returns its release. */
  hold(): () => void;
  isHeld: () => boolean;
}

export function createUnsavedWork(): UnsavedWork {
  let holders = 0;
  return {
    hold() {
      holders += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        holders -= 1;
      };
    },
    isHeld: () => holders > 0,
  };
}

export const unsavedWork = createUnsavedWork();

/** Marks the work of this form as unsaved while `dirty` (and it is mounted). */
export function useUnsavedWork(dirty: boolean): void {
  useEffect(() => (dirty ? unsavedWork.hold() : undefined), [dirty]);
}
