import { formatClinicDateTime, reportAuthor } from '@bari/contracts';
import { useCurrentUserQuery } from '../auth/auth-api.ts';
import { reportsMessages as m } from './messages.ts';

export interface PrintedDocumentProps {
  title: string;
  /** Printed under the title with who printed it, as the server's PDFs say. */
  generatedAt: Date;
  /** Lines under those: the filter, the total. */
  lines: readonly string[];
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  /** A last row, set apart: the totals of the counts. */
  totals?: readonly string[];
  /** Columns holding counts: aligned right, as numbers are read. */
  numericColumns?: readonly number[];
}

/**
 * A short value of one word (a CPF, a CNS, a date, a count) is never broken over two lines: a
 * CPF printed as '390.533.447-' over '05' was misread.
 */
const unbroken = (cell: string): string | undefined =>
  cell.length <= 20 && !/\s/.test(cell) ? 'printed-document__unbroken' : undefined;

/** Beyond this many columns a portrait A4 page breaks CPFs and dates over lines: landscape. */
const PORTRAIT_COLUMNS = 6;

/** A printed report: title, when and by whom, its lines, and one table. */
export function PrintedDocument({
  title,
  generatedAt,
  lines,
  headers,
  rows,
  totals,
  numericColumns = [],
}: PrintedDocumentProps) {
  // Signed in to reach the page: the user is in the cache already.
  const { data: user } = useCurrentUserQuery();
  const align = (column: number) =>
    numericColumns.includes(column) ? 'printed-document__number' : undefined;
  return (
    <article className="printed-document">
      {headers.length > PORTRAIT_COLUMNS ? <style>{'@page { size: A4 landscape; }'}</style> : null}
      <h1>{title}</h1>
      <p>{m.generatedOn(formatClinicDateTime(generatedAt))}</p>
      {user ? <p>{m.generatedBy(reportAuthor(user))}</p> : null}
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <table>
        <thead>
          <tr>
            {headers.map((header, column) => (
              <th className={align(column)} key={header}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td
                  className={[align(column), unbroken(cell)].filter(Boolean).join(' ') || undefined}
                  key={column}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot>
            <tr>
              {totals.map((cell, column) => (
                <th className={align(column)} key={column} scope={column === 0 ? 'row' : undefined}>
                  {cell}
                </th>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </article>
  );
}
