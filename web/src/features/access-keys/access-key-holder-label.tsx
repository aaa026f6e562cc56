import { Classes } from '@blueprintjs/core';
import type { AccessKeyHolder } from './access-key-format.ts';
import { accessKeysMessages as m } from './messages.ts';

/** The 'Vinculada a' value: the user's email, or (muted) a removed user or an unused invitation. */
export function AccessKeyHolderLabel({ holder }: { holder: AccessKeyHolder }) {
  if (holder.kind === 'user') return <>{holder.email}</>;
  return (
    <span className={Classes.TEXT_MUTED}>
      {holder.kind === 'removed_user' ? m.removedUser : m.invitation}
    </span>
  );
}
