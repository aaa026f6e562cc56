import { DayPicker } from 'react-day-picker';
import { ptBR } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './calendar.css';

export interface CalendarProps {
  selected: Date | undefined;
  onSelect: (date: Date) => void;
  startMonth: Date;
  endMonth: Date;
}

/**
 * The month grid behind a date field's calendar button, in Portuguese (weekdays from 'dom',
 * month and year dropdowns). Its own chunk: loaded the first time a calendar opens, so the
 * first load carries only the typed field.
 */
export default function Calendar({ selected, onSelect, startMonth, endMonth }: CalendarProps) {
  return (
    <DayPicker
      autoFocus
      captionLayout="dropdown"
      className="app-calendar"
      defaultMonth={selected ?? new Date()}
      endMonth={endMonth}
      locale={ptBR}
      mode="single"
      onSelect={(date) => {
        if (date) onSelect(date);
      }}
      selected={selected}
      startMonth={startMonth}
    />
  );
}
