import type { AuditAction, AuditEntityType, AuditFacetsDto } from '@bari/contracts';
import { FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useEffect, useEffectEvent, useState } from 'react';
import { FilterDateInput } from '../../common/date/filter-date-input.tsx';
import { actionLabel, entityTypeLabel } from './audit-format.ts';
import type { DateErrors, InvalidDates } from './audit-query.ts';
import { auditMessages as m } from './messages.ts';

export interface AuditFilterValues {
  search: string;
  action: AuditAction | 'all';
  entityType: AuditEntityType | 'all';
  userId: string | 'all';
  /** Dates `yyyy-MM-dd` (the browser's day), '' when open. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilterValues = {
  search: '',
  action: 'all',
  entityType: 'all',
  userId: 'all',
  from: '',
  to: '',
};

/** How long typing must pause before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

export interface AuditFiltersProps {
  values: AuditFilterValues;
  facets: AuditFacetsDto | undefined;
  onChange: (change: Partial<AuditFilterValues>) => void;
  /** What is wrong with the period, said at its fields. */
  dateErrors: DateErrors;
  /** A date field's typed text stopped or started being a date. */
  onInvalidDate: (field: keyof InvalidDates, invalid: boolean) => void;
}

/** §2 search, action and entity filters ('all' plus the values the server lists), user and dates. */
export function AuditFilters({ values, facets, onChange, dateErrors, onInvalidDate }: AuditFiltersProps) {
  const [text, setText] = useState(values.search);
  const commitSearch = useEffectEvent((search: string) => onChange({ search }));
  useEffect(() => {
    if (text === values.search) return undefined;
    const timer = setTimeout(() => commitSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, values.search]);

  const actionOptions = [
    { value: 'all', label: m.allActions },
    ...(facets?.actions ?? []).map((action) => ({ value: action, label: actionLabel(action) })),
  ];
  const entityOptions = [
    { value: 'all', label: m.allEntities },
    ...(facets?.entityTypes ?? []).map((type) => ({ value: type, label: entityTypeLabel(type) })),
  ];
  const userOptions = [
    { value: 'all', label: m.allUsers },
    ...(facets?.users ?? []).map((user) => ({ value: user.id, label: user.email })),
  ];

  return (
    <div className="audit-filters" role="search">
      <InputGroup
        aria-label={m.searchLabel}
        className="audit-filters__search"
        leftIcon={IconNames.SEARCH}
        onValueChange={setText}
        placeholder={m.searchPlaceholder}
        type="search"
        value={text}
      />
      <HTMLSelect
        aria-label={m.actionFilterLabel}
        onChange={(event) => onChange({ action: event.currentTarget.value as AuditFilterValues['action'] })}
        options={actionOptions}
        value={values.action}
      />
      <HTMLSelect
        aria-label={m.entityFilterLabel}
        onChange={(event) =>
          onChange({ entityType: event.currentTarget.value as AuditFilterValues['entityType'] })
        }
        options={entityOptions}
        value={values.entityType}
      />
      <HTMLSelect
        aria-label={m.userFilterLabel}
        onChange={(event) => onChange({ userId: event.currentTarget.value })}
        options={userOptions}
        value={values.userId}
      />
      {(['from', 'to'] as const).map((field) => (
        <FormGroup
          className="audit-filters__date"
          helperText={dateErrors[field]}
          inline
          intent={dateErrors[field] ? Intent.DANGER : Intent.NONE}
          key={field}
          label={field === 'from' ? m.fromLabel : m.toLabel}
          labelFor={`audit-${field}`}
        >
          <FilterDateInput
            id={`audit-${field}`}
            intent={dateErrors[field] ? Intent.DANGER : undefined}
            max={field === 'from' ? values.to || undefined : undefined}
            min={field === 'to' ? values.from || undefined : undefined}
            onChange={(day) => onChange({ [field]: day })}
            onInvalidChange={(invalid) => onInvalidDate(field, invalid)}
            value={values[field]}
          />
        </FormGroup>
      ))}
    </div>
  );
}
