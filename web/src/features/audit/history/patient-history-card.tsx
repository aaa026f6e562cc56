import { Button, ButtonVariant, Card, Classes, Elevation } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { useGetPatientHistoryQuery } from '../audit-api.ts';
import { auditMessages as m } from '../messages.ts';
import { AsOfPicker } from './as-of-picker.tsx';
import { HistoryEntry } from './history-entry.tsx';
import { PastStateView } from './past-state-view.tsx';
import '../audit.css';
import { Heading } from '../../../common/heading.tsx';
import { hasStatus } from '../../../app/http-client.ts';

/**
 * Entries shown at first, and added by each 'Mostrar mais': a change of a surgery date alone
 * reschedules dozens of procedures, and a long follow-up's history ran to thousands of pixels.
 */
const HISTORY_STEP = 30;

/**
 * The patient's 'Histórico' (newest first, each changed field with its old and new value) and
 * "ver como estava em": the patient as it stood at a chosen instant, read-only.
 */
export function PatientHistoryCard({ patientId }: { patientId: string }) {
  // Opened on demand: reading the history is itself an audited access (VIEW_HISTORY).
  const [open, setOpen] = useState(false);
  const history = useGetPatientHistoryQuery(patientId, { skip: !open });
  const [asOf, setAsOf] = useState<string | null>(null);
  const [shown, setShown] = useState(HISTORY_STEP);

  return (
    <Card className="patient-history" elevation={Elevation.ONE}>
      <div className="patient-history__header">
        <Heading level={2} look={4}>
          {m.historyTitle}
        </Heading>
        <Button
          aria-expanded={open}
          icon={open ? IconNames.CHEVRON_UP : IconNames.CHEVRON_DOWN}
          onClick={() => setOpen(!open)}
          text={open ? m.hideHistory : m.showHistory}
          variant={ButtonVariant.MINIMAL}
        />
      </div>
      {open ? (
        <>
          <div className="patient-history__as-of">
            <AsOfPicker onShow={setAsOf} />
            {asOf ? <Button onClick={() => setAsOf(null)} text={m.asOfClear} /> : null}
          </div>
          {asOf ? <PastStateView asOf={asOf} patientId={patientId} /> : null}
          {history.isLoading ? <p className={Classes.TEXT_MUTED}>{m.historyLoading}</p> : null}
          {history.isError && hasStatus(history.error, 404) ? <p>{m.historyNone}</p> : null}
          {history.isError && !hasStatus(history.error, 404) ? <p role="alert">{m.historyFailed}</p> : null}
          {history.data?.length === 0 ? <p>{m.historyEmpty}</p> : null}
          {history.data ? (
            <ol className={`${Classes.LIST_UNSTYLED} patient-history__entries`}>
              {history.data.slice(0, shown).map((entry) => (
                <HistoryEntry entry={entry} key={entry.revision} />
              ))}
            </ol>
          ) : null}
          {history.data && history.data.length > shown ? (
            <Button
              onClick={() => setShown(shown + HISTORY_STEP)}
              text={m.historyMore(history.data.length - shown)}
              variant={ButtonVariant.OUTLINED}
            />
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
