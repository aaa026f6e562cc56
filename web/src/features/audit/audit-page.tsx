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
import { FRESH, useGetAuditFacetsQuery, useGetAuditLogQuery, type AuditLogArgs } from './audit-api.ts';
import { AuditDetailsDialog } from './audit-details-dialog.tsx';
import { AuditFilters, NO_FILTERS, type AuditFilterValues } from './audit-filters.tsx';
import { AuditTable } from './audit-table.tsx';
import { IntegrityCallout } from './integrity-callout.tsx';
import { auditMessages as m } from './messages.ts';
import './audit.css';
import { Heading } from '../../common/heading.tsx';

const PAGE_SIZE = 50;

/** A browser-local day's first or last instant, as the server's ISO filter. */
const dayBound = (day: string, end: boolean): string | undefined =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

function queryOf(filters: AuditFilterValues, page: number): AuditLogArgs {
  return {
    search: filters.search.trim() || undefined,
    action: filters.action === 'all' ? undefined : filters.action,
    entityType: filters.entityType === 'all' ? undefined : filters.entityType,
    userId: filters.userId === 'all' ? undefined : filters.userId,
    from: dayBound(filters.from, false),
    to: dayBound(filters.to, true),
    page,
    pageSize: PAGE_SIZE,
  };
}

/**
 * /audit — 'Auditoria do Sistema' (§2): the audit log, newest first, searched, filtered and
 * paged on the server; a row's details open in a dialog. Read-only.
 */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<AuditLogEntryDto | null>(null);
  const query = useGetAuditLogQuery(queryOf(filters, page), FRESH);
  const { data: facets } = useGetAuditFacetsQuery(undefined, FRESH);
  const shown = query.currentData ?? query.data;
  const total = shown?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const change = (next: Partial<AuditFilterValues>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  return (
    <div className="audit-page">
      <PageHeader backTo="/" subtitle={m.subtitle} title={m.title} />
      <Card elevation={Elevation.ONE}>
        <AuditFilters facets={facets} onChange={change} values={filters} />
      </Card>
      <Card className="audit-page__log" elevation={Elevation.ONE}>
        <Heading level={2} look={4}>
          {m.tableTitle(total, shown?.totalCapped)}
        </Heading>
        {shown?.totalCapped ? <p className={Classes.TEXT_MUTED}>{m.cappedHint(total)}</p> : null}
        {query.isError ? (
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
          <AuditTable onOpen={setOpened} rows={query.currentData?.rows} />
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
