export interface PrintedDocumentProps {
  title: string;
  /** Lines under the title: the generation date, the filter, the total. */
  lines: readonly string[];
  headers: readonly string[];
  rows: readonly (readonly string[])[];
}

/** A printed report: title, its lines, and one table. */
export function PrintedDocument({ title, lines, headers, rows }: PrintedDocumentProps) {
  return (
    <article className="printed-document">
      <h1>{title}</h1>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <table>
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
