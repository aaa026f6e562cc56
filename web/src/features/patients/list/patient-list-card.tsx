import { Button, ButtonVariant, Callout, Card, Elevation, Intent, Size, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useSearchParams } from 'react-router-dom';
import { patientsMessages as m } from '../messages.ts';
import { useGetPatientsQuery } from '../patients-api.ts';
import { nextSort, pageCount, readListParams, writeListParams, type ListParams } from './list-params.ts';
import { PatientListPagination } from './patient-list-pagination.tsx';
import { PatientListToolbar } from './patient-list-toolbar.tsx';
import { PatientTable } from './patient-table.tsx';
import { Heading } from '../../../common/heading.tsx';

export interface PatientListCardProps {
  onNewPatient: () => void;
}

/**
 * 'Lista de Pacientes' (§2): search, the status filter, the order and the pages all go to the
 * server (architecture: lists scale), which also computes each row's real progress. All of
 * them live in the address, so back, reload and a shared link show the same list.
 */
export function PatientListCard({ onNewPatient }: PatientListCardProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const change = (next: Partial<ListParams>) =>
    setSearchParams(writeListParams({ ...params, page: 1, ...next }), { replace: true });

  const query = useGetPatientsQuery({
    search: params.search.trim() || undefined,
    status: params.status === 'all' ? undefined : params.status,
    sort: params.sort,
    direction: params.direction,
    page: params.page,
    pageSize: params.pageSize,
  });
  const page = query.currentData;
  const total = page?.total ?? query.data?.total ?? 0;
  const filtered = params.search.trim() !== '' || params.status !== 'all';

  return (
    <Card className="patient-list-card" elevation={Elevation.ONE}>
      <div className="patient-list-card__header">
        <div className="patient-list-card__title">
          <Heading level={2} look={4}>
            {m.listCardTitle}
          </Heading>
          {query.data ? <Tag round>{m.patientCount(total)}</Tag> : null}
        </div>
        <Button icon={IconNames.PLUS} intent={Intent.PRIMARY} onClick={onNewPatient} text={m.newPatient} />
      </div>

      <PatientListToolbar
        onSearchChange={(search) => change({ search })}
        onStatusChange={(status) => change({ status })}
        search={params.search}
        status={params.status}
      />

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
        <PatientTable
          direction={params.direction}
          emptyText={filtered ? m.emptySearch : m.emptyList}
          onSortChange={(sort) => change(nextSort(params, sort))}
          rows={page?.rows}
          sort={params.sort}
        />
      )}

      {page && (page.total > 0 || params.page > 1) ? (
        <PatientListPagination
          onPageChange={(next) => change({ page: next })}
          onPageSizeChange={(pageSize) => change({ pageSize })}
          page={params.page}
          pageSize={params.pageSize}
          pages={pageCount(page.total, params.pageSize)}
          total={page.total}
        />
      ) : null}
    </Card>
  );
}
