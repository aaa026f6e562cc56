import type { AuditAction, AuditEntityType, AuditFacetsDto } from '@bari/contracts';
import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useEffect, useEffectEvent, useState } from 'react';
import { FilterDateInput } from '../../common/date/filter-date-input.tsx';
import { actionLabel, entityTypeLabel } from './audit-format.ts';
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
}

/** §2 search, action and entity filters ('all' plus the values the server lists), user and dates. */
export function AuditFilters({ values, facets, onChange }: AuditFiltersProps) {
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
      <FormGroup className="audit-filters__date" inline label={m.fromLabel} labelFor="audit-from">
        <FilterDateInput
          id="audit-from"
          max={values.to || undefined}
          onChange={(from) => onChange({ from })}
          value={values.from}
        />
      </FormGroup>
      <FormGroup className="audit-filters__date" inline label={m.toLabel} labelFor="audit-to">
        <FilterDateInput
          id="audit-to"
          min={values.from || undefined}
          onChange={(to) => onChange({ to })}
          value={values.to}
        />
      </FormGroup>
    </div>
  );
}
