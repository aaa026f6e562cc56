import { Callout, Classes, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { FRESH, useGetAuditIntegrityQuery } from './audit-api.ts';
import { formatTimestamp } from './audit-format.ts';
import { auditMessages as m } from './messages.ts';
import { Heading } from '../../common/heading.tsx';

/** The hash-chained log's head (to compare with what an administrator wrote down) and its last verification. */
export function IntegrityCallout() {
  const { data } = useGetAuditIntegrityQuery(undefined, FRESH);
  if (!data) return null;
  if (!data.available)
    return (
      <Callout>
        <Heading level={2} look={5}>
          {m.integrityTitle}
        </Heading>
        {m.integrityUnavailable}
      </Callout>
    );
  const verification = data.lastVerification;
  const broken = verification?.brokenPosition ?? null;
  return (
    <Callout
      icon={broken ? IconNames.WARNING_SIGN : IconNames.SHIELD}
      intent={broken ? Intent.DANGER : Intent.NONE}
    >
      <Heading level={2} look={5}>
        {m.integrityTitle}
      </Heading>
      <p className={`${Classes.MONOSPACE_TEXT} audit-integrity__head`}>
        {data.head ? m.integrityHead(data.head.position, data.head.hash) : m.integrityEmpty}
      </p>
      <p>
        {!verification
          ? m.integrityNeverVerified
          : broken
            ? m.integrityBroken(formatTimestamp(verification.verifiedAt), broken)
            : m.integrityIntact(formatTimestamp(verification.verifiedAt))}
      </p>
    </Callout>
  );
}
