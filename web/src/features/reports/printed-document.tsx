export interface PrintedDocumentProps {
  title: string;
  /** Lines under the title: the generation date, the filter, the total. */
  lines: readonly string[];
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  /** Columns holding counts: aligned right, as numbers are read. */
  numericColumns?: readonly number[];
}

/** Beyond this many columns a portrait A4 page breaks CPFs and dates over lines: landscape. */
const PORTRAIT_COLUMNS = 6;

/** A printed report: title, its lines, and one table. */
export function PrintedDocument({ title, lines, headers, rows, numericColumns = [] }: PrintedDocumentProps) {
  const align = (column: number) =>
    numericColumns.includes(column) ? 'printed-document__number' : undefined;
  return (
    <article className="printed-document">
      {headers.length > PORTRAIT_COLUMNS ? <style>{'@page { size: A4 landscape; }'}</style> : null}
      <h1>{title}</h1>
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
                <td className={align(column)} key={column}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
