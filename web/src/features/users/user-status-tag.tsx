import type { UserStatus } from '@bari/contracts';
import { Intent, Tag } from '@blueprintjs/core';
import { usersMessages as m } from './messages.ts';

const VIEW: Record<UserStatus, { text: string; intent: Intent }> = {
  pending: { text: m.statusPending, intent: Intent.WARNING },
  approved: { text: m.statusApproved, intent: Intent.SUCCESS },
  rejected: { text: m.statusRejected, intent: Intent.DANGER },
};

/** A user's status badge. */
export function UserStatusTag({ status }: { status: UserStatus }) {
  const { text, intent } = VIEW[status];
  return (
    <Tag intent={intent} minimal round>
      {text}
    </Tag>
  );
}
