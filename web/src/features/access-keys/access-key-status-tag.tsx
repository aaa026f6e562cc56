import { Intent, Tag } from '@blueprintjs/core';
import type { AccessKeyStatus } from './access-key-format.ts';
import { accessKeysMessages as m } from './messages.ts';

const VIEW: Record<AccessKeyStatus, { text: string; intent: Intent }> = {
  active: { text: m.statusActive, intent: Intent.SUCCESS },
  inactive: { text: m.statusInactive, intent: Intent.NONE },
  expired: { text: m.statusExpired, intent: Intent.WARNING },
};

/** Ativa / Inativa / Expirada (§2 Access keys). */
export function AccessKeyStatusTag({ status }: { status: AccessKeyStatus }) {
  const { text, intent } = VIEW[status];
  return (
    <Tag intent={intent} minimal round>
      {text}
    </Tag>
  );
}
