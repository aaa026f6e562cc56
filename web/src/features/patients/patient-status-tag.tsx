import { PATIENT_STATUS_LABELS, type PatientStatus } from '@bari/contracts';
import { Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';

const appearance = {
  pre_op: { intent: Intent.NONE, icon: IconNames.TIME },
  post_op: { intent: Intent.PRIMARY, icon: IconNames.PULSE },
  completed: { intent: Intent.SUCCESS, icon: IconNames.TICK_CIRCLE },
} as const;

/** The patient's derived stage (pre-op, post-op, completed), the value the list filters on. */
export function PatientStatusTag({ status }: { status: PatientStatus }) {
  const { intent, icon } = appearance[status];
  return (
    <Tag icon={icon} intent={intent} minimal round>
      {PATIENT_STATUS_LABELS[status]}
    </Tag>
  );
}
