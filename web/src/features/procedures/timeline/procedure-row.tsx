import { PROCEDURE_STATUS_LABELS, clinicToday, type PatientProcedureDto } from '@bari/contracts';
import { Checkbox, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { formatDate } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { dayAskedByTick } from '../surgery-side.ts';
import { CompletedDateInput } from './completed-date-input.tsx';
import { CompletionDateDialog } from './completion-date-dialog.tsx';
import { useUpdateProcedure } from './use-update-procedure.ts';

const statusIntent = { completed: Intent.SUCCESS, pending: Intent.NONE, overdue: Intent.DANGER } as const;

/**
 * One procedure of the timeline: tick to complete it (today), untick to make it pending; its
 * date can be changed only while it is completed (§4). A pre-operative procedure of a patient
 * operated before today is not done today: its tick asks the day, up to the surgery's; one ticked
 * more than a month after its plan asks it too, proposing today (`dayAskedByTick`).
 */
export interface ProcedureRowProps {
  procedure: PatientProcedureDto;
  /** The date shown as 'Previsto' (see `expectedDate`). */
  expectedDate: string | null;
  /** The patient's surgery date. */
  surgeryDate: string | null;
}

export function ProcedureRow({ procedure, expectedDate, surgeryDate }: ProcedureRowProps) {
  const { isUpdating, setCompleted, setCompletedDate } = useUpdateProcedure(procedure);
  const [askingDay, setAskingDay] = useState(false);
  const { procedureType, status, completedDate } = procedure;
  const completed = status === 'completed';
  const side = { phase: procedureType.phase, surgeryDate };
  const today = clinicToday(new Date());
  const asked = dayAskedByTick(procedure, surgeryDate, today, {
    afterSurgery: m.tickAfterSurgery,
    planned: m.tickPlanned,
  });
  // A post-operative procedure cannot be done before a surgery still ahead: no tick to refuse.
  const awaitsSurgery =
    !completed && procedureType.phase === 'post_operative' && surgeryDate !== null && surgeryDate > today;
  // The question ends when its procedure turns out completed meanwhile (a stale tick refused,
  // the record read again): it must not come back by itself once someone unticks it.
  // Adjusted while rendering (React's pattern for state following a prop), not in an effect.
  if (askingDay && !asked) setAskingDay(false);
  const tick = (checked: boolean) => {
    if (checked && asked) setAskingDay(true);
    else void setCompleted(checked);
  };
  const displayStatus = procedure.overdue ? 'overdue' : status;
  const details = [procedure.location, procedure.professionalName].filter(Boolean).join(' · ');

  return (
    <li className={`procedure-row procedure-row--${displayStatus}`}>
      <Checkbox
        aria-busy={isUpdating}
        checked={completed}
        className="procedure-row__check"
        disabled={awaitsSurgery}
        label={procedureType.name}
        onChange={(event) => tick(event.currentTarget.checked)}
      />
      <div className="procedure-row__tags">
        {procedureType.isRequired ? null : (
          <Tag minimal round>
            {m.optionalBadge}
          </Tag>
        )}
        <Tag
          icon={displayStatus === 'overdue' ? IconNames.WARNING_SIGN : undefined}
          intent={statusIntent[displayStatus]}
          minimal
        >
          {PROCEDURE_STATUS_LABELS[displayStatus]}
        </Tag>
      </div>
      <div className={`procedure-row__meta ${Classes.TEXT_MUTED}`}>
        {expectedDate ? <span>{m.scheduledFor(formatDate(expectedDate))}</span> : null}
        {awaitsSurgery ? <span>{m.afterSurgery(formatDate(surgeryDate))}</span> : null}
        {completed && details ? <span>{details}</span> : null}
        {procedure.notes ? (
          // The notes typed in 'Registrar Procedimento', folded so the row stays one line (issue 11).
          <details className="procedure-row__notes">
            <summary>{m.notesToggle}</summary>
            <p>{procedure.notes}</p>
          </details>
        ) : null}
      </div>
      <CompletedDateInput
        busy={isUpdating}
        enabled={completed}
        label={m.completedDateLabel(procedureType.name)}
        onSave={setCompletedDate}
        savedDate={completedDate ?? null}
        side={side}
      />
      {/* Closed too when the procedure turns out completed meanwhile (a stale tick, read again). */}
      {askingDay && asked ? (
        <CompletionDateDialog
          busy={isUpdating}
          day={asked}
          onClose={() => setAskingDay(false)}
          onConfirm={setCompletedDate}
          text={{ title: m.tickTitle, question: m.tickQuestion(procedureType.name), confirm: m.tickConfirm }}
        />
      ) : null}
    </li>
  );
}
