import { PROCEDURE_STATUS_LABELS, type PatientProcedureDto } from '@bari/contracts';
import { Checkbox, Classes, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { formatDate } from '../../patients/format.ts';
import { proceduresMessages as m } from '../messages.ts';
import { CompletedDateInput } from './completed-date-input.tsx';
import { useUpdateProcedure } from './use-update-procedure.ts';

const statusIntent = { completed: Intent.SUCCESS, pending: Intent.NONE, overdue: Intent.DANGER } as const;

/**
 * One procedure of the timeline: tick to complete it (today), untick to make it pending; its
 * date can be changed only while it is completed (§4).
 */
export interface ProcedureRowProps {
  procedure: PatientProcedureDto;
  /** The date shown as 'Previsto' (see `expectedDate`). */
  expectedDate: string | null;
}

export function ProcedureRow({ procedure, expectedDate }: ProcedureRowProps) {
  const { isUpdating, setCompleted, setCompletedDate } = useUpdateProcedure(procedure);
  const { procedureType, status, completedDate } = procedure;
  const completed = status === 'completed';
  const displayStatus = procedure.overdue ? 'overdue' : status;
  const details = [procedure.location, procedure.professionalName].filter(Boolean).join(' · ');

  return (
    <li className={`procedure-row procedure-row--${displayStatus}`}>
      <Checkbox
        aria-busy={isUpdating}
        checked={completed}
        className="procedure-row__check"
        label={procedureType.name}
        onChange={(event) => void setCompleted(event.currentTarget.checked)}
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
      />
    </li>
  );
}
