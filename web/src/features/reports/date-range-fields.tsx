import { FormGroup, Intent } from '@blueprintjs/core';
import { isReversedRange } from '../../common/date/date-range.ts';
import { FilterDateInput } from '../../common/date/filter-date-input.tsx';
import { reportsMessages as m } from './messages.ts';

export interface DateRange {
  startDate: string;
  endDate: string;
}

export interface DateRangeFieldsProps {
  idPrefix: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
}

/**
 * The optional start and end dates of a PDF report (`yyyy-MM-dd`, empty = open). An end before
 * the start is said under 'Até' as it is typed, as on /audit (generating refuses it too).
 */
export function DateRangeFields({ idPrefix, value, onChange }: DateRangeFieldsProps) {
  const reversed = isReversed(value);
  return (
    <div className="reports-page__dates">
      <FormGroup label={m.startDate} labelFor={`${idPrefix}-start`}>
        <FilterDateInput
          id={`${idPrefix}-start`}
          onChange={(startDate) => onChange({ ...value, startDate })}
          value={value.startDate}
        />
      </FormGroup>
      <FormGroup
        helperText={reversed ? m.datesReversed : undefined}
        intent={reversed ? Intent.DANGER : Intent.NONE}
        label={m.endDate}
        labelFor={`${idPrefix}-end`}
      >
        <FilterDateInput
          id={`${idPrefix}-end`}
          intent={reversed ? Intent.DANGER : undefined}
          onChange={(endDate) => onChange({ ...value, endDate })}
          value={value.endDate}
        />
      </FormGroup>
    </div>
  );
}

export const EMPTY_RANGE: DateRange = { startDate: '', endDate: '' };

/** Both dates given and in the wrong order (the server would refuse them too). */
export const isReversed = ({ startDate, endDate }: DateRange): boolean => isReversedRange(startDate, endDate);
