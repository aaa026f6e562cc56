import { clinicToday, isClinicalDate } from '@bari/contracts';
import { Button, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { FilterDateInput } from '../../../common/date/filter-date-input.tsx';
import { auditMessages as m } from '../messages.ts';
import { asOfInstant, isAsOfTime } from './as-of-instant.ts';

/**
 * 'Ver como estava em': a date typed dd/mm/aaaa like every date of the app (the browser's own
 * date-time field read mm/dd/yyyy, AM/PM in an English browser) and, optionally, a time.
 */
export function AsOfPicker({ onShow }: { onShow: (instant: string) => void }) {
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const ready = isClinicalDate(date) && isAsOfTime(time);
  return (
    <>
      <FormGroup inline label={m.asOfLabel} labelFor="patient-as-of">
        <FilterDateInput id="patient-as-of" max={clinicToday(new Date())} onChange={setDate} value={date} />
      </FormGroup>
      <FormGroup inline label={m.asOfTimeLabel} labelFor="patient-as-of-time">
        <InputGroup
          className="patient-history__time"
          id="patient-as-of-time"
          intent={isAsOfTime(time) ? Intent.NONE : Intent.DANGER}
          onValueChange={setTime}
          placeholder={m.asOfTimePlaceholder}
          value={time}
        />
      </FormGroup>
      <Button
        disabled={!ready}
        onClick={() => onShow(asOfInstant(date, time, new Date()))}
        text={m.asOfShow}
      />
    </>
  );
}
