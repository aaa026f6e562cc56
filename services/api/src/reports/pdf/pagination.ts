import type { ContentNode, NodeInfo, NodesAround, TableCell } from './pdf-types.ts';

/*
 * Where pages break is pdfmake's to decide, in one layout; these steer it so that a page printed
 * and read alone is never misread: a heading never ends a page, and a table that goes on to the
 * next page is headed there again. A table's heading is its first row: with the column labels,
 * its header rows, which pdfmake repeats atop each page the table goes on to and keeps on one
 * page with its first rows. It repeats them as first laid out, so the repeated heading cannot
 * say '(continuação)': the rows under it, column labels and all, show the table going on. A
 * heading above tables (a section's) moves on with the first of them
 * through `pageBreakBefore`: pdfmake lays the whole document out again for each heading it
 * moves, so only those few headings take that way.
 */

/** The entries of its table a heading keeps on its page (all of them when the table has fewer). */
export const ENTRIES_KEPT_WITH_HEADING = 2;

/**
 * A table's entry: the rows printed together for one item, its own row and, beneath it, rows
 * across the table's width (a procedure's notes). pdfmake may still break a page between them.
 */
export type TableEntry = readonly (readonly TableCell[])[];

/**
 * The rows kept with the heading take at most this many lines together (≈ 570 pt at 8 pt): with
 * the header rows and a section heading they fit on a page (754 pt high). One budget for both,
 * not 30 lines a row: a first row with a 150-character note was kept with nothing, and its
 * heading ended a page alone.
 */
const KEPT_LINES = 60;
/** The fewest characters a line of the narrowest column (60 pt) holds: wide letters, short words. */
const LINE_CHARACTERS = 5;

/**
 * A cell's text, plain or in runs (`[{ text: 'Observações (…):', bold: true }, notes]`);
 * undefined when it is something else (a stack, a table).
 */
function plainText(text: unknown): string | undefined {
  if (typeof text === 'string') return text;
  if (!Array.isArray(text)) return undefined;
  let joined = '';
  for (const run of text) {
    const part = plainText(typeof run === 'object' && run !== null && !Array.isArray(run) ? run.text : run);
    if (part === undefined) return undefined;
    joined += part;
  }
  return joined;
}

/** At most the lines a cell's text takes; beyond any kept row's when it is not text. */
function linesAtMost(cell: TableCell): number {
  const node = typeof cell === 'string' || Array.isArray(cell) ? undefined : cell;
  const text = plainText(typeof cell === 'string' ? cell : node?.['text']);
  if (text === undefined) return Infinity;
  // A cell across several columns holds at least as many characters a line as each of them.
  const span = typeof node?.['colSpan'] === 'number' ? node['colSpan'] : 1;
  // pdfmake breaks a line at '\r' too (a note sent through the API, not a browser's textarea):
  // split at '\n' alone, 140 of them counted as one line, and the rows kept with the heading
  // outgrew the page and were dropped.
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / (LINE_CHARACTERS * span))), 0);
}

/**
 * How many rows of `entries` (those of up to `ENTRIES_KEPT_WITH_HEADING` whole entries) pdfmake
 * keeps on a page with the header rows: those sure to fit there. It lays them out as one
 * unbreakable block, and drops, silently, what of such a block does not fit on a page (notes run
 * up to 2,000 characters).
 */
export function rowsKeptWithHeading(entries: readonly TableEntry[]): number {
  let kept = 0;
  let lines = 0;
  for (const entry of entries.slice(0, ENTRIES_KEPT_WITH_HEADING)) {
    for (const row of entry) lines += Math.max(...row.map(linesAtMost));
    if (lines > KEPT_LINES) break;
    kept += entry.length;
  }
  return kept;
}

/**
 * Ruled as pdfmake's 'lightHorizontalLines' from the column labels down, between entries only;
 * the heading row, not. `continuing`: the body rows that go on an entry (no line above them).
 */
const headedTableLines = (continuing: ReadonlySet<number>) => ({
  hLineWidth: (line: number, node: { table: { body: unknown[] } }) =>
    line <= 1 || line === node.table.body.length || continuing.has(line) ? 0 : line === 2 ? 2 : 1,
  vLineWidth: () => 0,
  hLineColor: (line: number) => (line === 2 ? 'black' : '#aaa'),
  paddingLeft: (column: number) => (column === 0 ? 0 : 8),
  paddingRight: (column: number, node: { table: { widths: unknown[] } }) =>
    column === node.table.widths.length - 1 ? 0 : 8,
});

/** The body's two header rows: the heading across every column, then the column labels. */
const HEADER_ROWS = 2;

/**
 * A table named `name` (for the headings kept with it, `keptHeading`), headed by `heading` above
 * its `columns`' labels, on each page its `entries` fall on. `node`: the table node's other properties.
 */
export function headedTable(
  name: string,
  {
    heading,
    columns,
    entries,
    widths,
    ...node
  }: {
    readonly heading: ContentNode;
    readonly columns: readonly TableCell[];
    readonly entries: readonly TableEntry[];
    readonly widths: readonly (string | number)[];
    readonly [property: string]: unknown;
  },
): ContentNode {
  const continuing = new Set<number>();
  let row = HEADER_ROWS;
  for (const entry of entries) {
    // The line above body row i is line i: none above an entry's second row and after.
    for (let within = 1; within < entry.length; within += 1) continuing.add(row + within);
    row += entry.length;
  }
  return {
    ...node,
    table: {
      headerRows: HEADER_ROWS,
      keepWithHeaderRows: rowsKeptWithHeading(entries),
      // Other rows may break across pages: pdfmake drops, silently, an unbreakable row taller
      // than a page, and notes of up to 2,000 characters make one.
      dontBreakRows: false,
      widths,
      body: [
        [{ ...heading, colSpan: columns.length }, ...columns.slice(1).map(() => '')],
        columns,
        ...entries.flat(),
      ],
    },
    layout: headedTableLines(continuing),
    headlineLevel: { table: name } satisfies TableMark,
  };
}

/** On a heading above tables: the table whose first rows it keeps on its page. */
interface HeadingMark {
  readonly keepsWith: string;
}
/** On a table (`headedTable`). */
interface TableMark {
  readonly table: string;
}

const markOf = (node: NodeInfo): Partial<HeadingMark & TableMark> =>
  typeof node.headlineLevel === 'object' && node.headlineLevel !== null ? node.headlineLevel : {};

/**
 * A heading that shares its page with the first rows of the table named `table` (`headedTable`),
 * or moves on with them. pdfmake hands a node's `headlineLevel` to `pageBreakBefore` and reads it
 * for nothing else: it carries the mark.
 */
export function keptHeading(heading: ContentNode, table: string): ContentNode {
  return { ...heading, headlineLevel: { keepsWith: table } satisfies HeadingMark };
}

/**
 * The document's `pageBreakBefore`: a heading (`keptHeading`) whose table starts on a later page
 * moves on to the next one (the table starts with its heading and first rows, which pdfmake
 * keeps together). Not when nothing but headings is above it on its page: moving it would leave
 * the page blank.
 */
export function keepHeadingsWithTables(node: NodeInfo, nodes: NodesAround): boolean {
  const table = markOf(node).keepsWith;
  if (table === undefined) return false;
  if (nodes.getFollowingNodesOnPage().some((other) => markOf(other).table === table)) return false;
  // The stacks above it hold it (the document's content is one).
  return !nodes
    .getPreviousNodesOnPage()
    .every((other) => other.stack || markOf(other).keepsWith !== undefined);
}
