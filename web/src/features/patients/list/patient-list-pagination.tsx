import { Button, ButtonGroup, Classes, HTMLSelect } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { formatCount } from '../../../common/number-format.ts';
import { patientsMessages as m } from '../messages.ts';
import { PAGE_SIZES, pageNumbers } from './list-params.ts';

export interface PatientListPaginationProps {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const pageSizeOptions = PAGE_SIZES.map((size) => ({ value: size, label: m.pageSizeOption(size) }));

/** The server's pages: how many patients, the page size, then previous, the page numbers and next. */
export function PatientListPagination({
  page,
  pages,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
}: PatientListPaginationProps) {
  const current = Math.min(page, pages);
  return (
    <nav aria-label={m.pagination} className="patient-list-pagination">
      <div className="patient-list-pagination__size">
        <span className={Classes.TEXT_MUTED}>{m.patientCount(total)}</span>
        <HTMLSelect
          aria-label={m.pageSizeLabel}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          options={pageSizeOptions}
          value={pageSize}
        />
      </div>
      <div className="patient-list-pagination__pages">
        <span aria-live="polite">{m.pageOf(current, pages)}</span>
        <ButtonGroup>
          <Button
            disabled={current <= 1}
            icon={IconNames.CHEVRON_LEFT}
            onClick={() => onPageChange(current - 1)}
            text={m.previousPage}
          />
          {pageNumbers(current, pages).map((number, index) =>
            number === null ? (
              <Button aria-hidden disabled key={`gap-${index}`} tabIndex={-1} text="…" />
            ) : (
              <Button
                active={number === current}
                aria-current={number === current ? 'page' : undefined}
                aria-label={m.goToPage(number)}
                key={number}
                onClick={() => onPageChange(number)}
                text={formatCount(number)}
              />
            ),
          )}
          <Button
            disabled={current >= pages}
            endIcon={IconNames.CHEVRON_RIGHT}
            onClick={() => onPageChange(current + 1)}
            text={m.nextPage}
          />
        </ButtonGroup>
      </div>
    </nav>
  );
}
