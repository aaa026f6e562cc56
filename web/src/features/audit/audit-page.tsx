import type { AuditLogEntryDto } from '@bari/contracts';
import {
  Button,
  ButtonGroup,
  ButtonVariant,
  Callout,
  Classes,
  Card,
  Elevation,
  Intent,
  Size,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useState } from 'react';
import { PageHeader } from '../../common/layout/index.ts';
import { FRESH, useGetAuditFacetsQuery, useGetAuditLogQuery } from './audit-api.ts';
import { AuditDetailsDialog } from './audit-details-dialog.tsx';
import { AuditPrintHeading } from './audit-print-heading.tsx';
import { AuditFilters, NO_FILTERS, type AuditFilterValues } from './audit-filters.tsx';
import { PAGE_SIZE, dateErrors, queryOf, type InvalidDates } from './audit-query.ts';
import { useValueNames } from './use-value-names.ts';
import { AuditTable } from './audit-table.tsx';
import { IntegrityCallout } from './integrity-callout.tsx';
import { auditMessages as m } from './messages.ts';
import './audit.css';
import { Heading } from '../../common/heading.tsx';

/**
 * /audit — 'Auditoria do Sistema' (§2): the audit log, newest first, searched, filtered and
 * paged on the server; a row's details open in a dialog. Read-only.
 */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<AuditLogEntryDto | null>(null);
  const [invalidDates, setInvalidDates] = useState<InvalidDates>({ from: false, to: false });
  const errors = dateErrors(filters, invalidDates);
  // A period the server would refuse (or that is no period) is said at its fields, not asked.
  const blocked = Object.keys(errors).length > 0;
  const query = useGetAuditLogQuery(queryOf(filters, page), { ...FRESH, skip: blocked });
  const { data: facets } = useGetAuditFacetsQuery(undefined, FRESH);
  const names = useValueNames(facets?.users);
  // No count nor paging from an earlier answer while the period is wrong or the read failed.
  const shown = blocked || query.isError ? undefined : (query.currentData ?? query.data);
  const total = shown?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const change = (next: Partial<AuditFilterValues>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <div className="audit-page">
      <PageHeader backTo="/" subtitle={m.subtitle} title={m.title} />
      <AuditPrintHeading
        filters={filters}
        page={page}
        pages={pages}
        printed={{
          first: (page - 1) * PAGE_SIZE + 1,
          last: (page - 1) * PAGE_SIZE + (shown?.rows.length ?? 0),
          total,
        }}
        users={facets?.users}
      />
      <Card className="audit-page__filters" elevation={Elevation.ONE}>
        <AuditFilters
          dateErrors={errors}
          facets={facets}
          onChange={change}
          onInvalidDate={(field, invalid) => setInvalidDates((current) => ({ ...current, [field]: invalid }))}
          values={filters}
        />
      </Card>
      <Card className="audit-page__log" elevation={Elevation.ONE}>
        <Heading level={2} look={4}>
          {shown ? m.tableTitle(total, shown.totalCapped) : m.tableHeading}
        </Heading>
        {shown?.totalCapped ? <p className={Classes.TEXT_MUTED}>{m.cappedHint(total)}</p> : null}
        {blocked ? (
          <Callout icon={IconNames.WARNING_SIGN} intent={Intent.WARNING}>
            {m.fixDates}
          </Callout>
        ) : query.isError ? (
          <Callout icon={IconNames.ERROR} intent={Intent.DANGER} role="alert">
            {m.loadFailed}{' '}
            <Button
              onClick={() => void query.refetch()}
              size={Size.SMALL}
              text={m.retry}
              variant={ButtonVariant.MINIMAL}
            />
          </Callout>
        ) : (
          <AuditTable names={names} onOpen={setOpened} rows={query.currentData?.rows} />
        )}
        {total > PAGE_SIZE ? (
          <nav aria-label={m.pageOf(page, pages)} className="audit-page__pages">
            <span>{m.pageOf(page, pages)}</span>
            <ButtonGroup>
              <Button
                disabled={page <= 1}
                icon={IconNames.CHEVRON_LEFT}
                onClick={() => setPage(page - 1)}
                text={m.previousPage}
              />
              <Button
                disabled={page >= pages}
                endIcon={IconNames.CHEVRON_RIGHT}
                onClick={() => setPage(page + 1)}
                text={m.nextPage}
              />
            </ButtonGroup>
          </nav>
        ) : null}
      </Card>
      <IntegrityCallout />
      {opened ? (
        <AuditDetailsDialog entry={opened} onClose={() => setOpened(null)} users={facets?.users} />
      ) : null}
    </div>
  );
}
