import { Button, ButtonGroup, Classes } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { patientsMessages as m } from '../messages.ts';

export interface PatientListPaginationProps {
  page: number;
  pages: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** Previous / next over the server's pages, with where the user is. */
export function PatientListPagination({ page, pages, total, onPageChange }: PatientListPaginationProps) {
  return (
    <nav aria-label={m.pageOf(page, pages)} className="patient-list-pagination">
      <span className={Classes.TEXT_MUTED}>{m.patientCount(total)}</span>
      <div className="patient-list-pagination__pages">
        <span>{m.pageOf(Math.min(page, pages), pages)}</span>
        <ButtonGroup>
          <Button
            disabled={page <= 1}
            icon={IconNames.CHEVRON_LEFT}
            onClick={() => onPageChange(Math.min(page, pages) - 1)}
            text={m.previousPage}
          />
          <Button
            disabled={page >= pages}
            endIcon={IconNames.CHEVRON_RIGHT}
            onClick={() => onPageChange(page + 1)}
            text={m.nextPage}
          />
        </ButtonGroup>
      </div>
    </nav>
  );
}
