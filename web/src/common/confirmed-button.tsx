import { Button, Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';
import { ConfirmAlert } from './confirm-alert.tsx';

export interface ConfirmedButtonProps {
  /** The button's text, and the confirm button's. */
  text: string;
  icon: IconName;
  /** The action is under way: both buttons spin. */
  loading: boolean;
  /** The question asked before the action. */
  question: ReactNode;
  /** Runs the action: true once done (the question closes), false to leave it open to try again. */
  onConfirm: () => Promise<boolean>;
}

/** A warning button for a run over every record: it asks first, then runs `onConfirm`. */
export function ConfirmedButton({ text, icon, loading, question, onConfirm }: ConfirmedButtonProps) {
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    if (await onConfirm()) setAsking(false);
  };
  return (
    <>
      <Button
        icon={icon}
        intent={Intent.WARNING}
        loading={loading}
        onClick={() => setAsking(true)}
        text={text}
      />
      {asking ? (
        <ConfirmAlert
          confirmText={text}
          icon={icon}
          intent={Intent.WARNING}
          loading={loading}
          onCancel={() => setAsking(false)}
          onConfirm={() => void confirm()}
        >
          <p>{question}</p>
        </ConfirmAlert>
      ) : null}
    </>
  );
}
