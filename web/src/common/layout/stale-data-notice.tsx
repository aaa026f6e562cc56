import { useSyncExternalStore } from 'react';
import { Callout, Intent } from '@blueprintjs/core';
import { readModelFreshness } from '../../app/read-model-freshness.ts';
import { commonMessages } from '../messages.ts';

/** Shown while the last write was answered before the lists caught up with it. */
export function StaleDataNotice() {
  const stale = useSyncExternalStore(readModelFreshness.subscribe, readModelFreshness.isStale);
  if (!stale) return null;
  return (
    <Callout intent={Intent.WARNING} icon={false} className="stale-data-notice" role="status">
      {commonMessages.staleData}
    </Callout>
  );
}
