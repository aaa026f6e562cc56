import { describe, expect, it } from 'vitest';
import type { NodeInfo, NodesAround } from './pdf-types.ts';
import { headedTable, keepHeadingsWithTables, keptHeading, rowsKeptWithHeading } from './pagination.ts';

/** A laid-out node: its mark and the pages its lines fall on. */
const laidOut = (headlineLevel: unknown, pageNumbers: number[], stack = false): NodeInfo => ({
  headlineLevel,
  pageNumbers,
  stack,
});

/** The nodes around `list[index]` as pdfmake lists them for `pageBreakBefore`. */
function around(list: readonly NodeInfo[], index: number): NodesAround {
  const page = list[index]!.pageNumbers[0]!;
  const on = (node: NodeInfo) => node.pageNumbers.includes(page);
  return {
    getFollowingNodesOnPage: () => list.slice(index + 1).filter(on),
    getPreviousNodesOnPage: () => list.slice(0, index).filter(on),
  };
}

const heading = { keepsWith: 't' };
const table = { table: 't' };
const content = laidOut(undefined, [1, 2, 3], true);
const above = laidOut(undefined, [1]);
/** Whether the heading (third node, after the content's stack and a paragraph) moves on. */
const moves = (nodes: NodeInfo[]) => keepHeadingsWithTables(nodes[2]!, around(nodes, 2));

describe('keepHeadingsWithTables', () => {
  it('keeps a heading whose table starts on its page', () => {
    expect(moves([content, above, laidOut(heading, [1]), laidOut(table, [1, 2])])).toBe(false);
    expect(
      moves([content, above, laidOut(heading, [1]), laidOut({ keepsWith: 't' }, [1]), laidOut(table, [1])]),
    ).toBe(false);
  });

  it('moves a heading whose table starts on the next page', () => {
    expect(moves([content, above, laidOut(heading, [1]), laidOut(table, [2, 3])])).toBe(true);
    // Another table on its page is not its own.
    expect(moves([content, above, laidOut(heading, [1]), laidOut({ table: 'u' }, [1, 2])])).toBe(true);
  });

  it('keeps a heading with nothing but headings above it on its page: moving would leave the page blank', () => {
    const nodes = [
      content,
      laidOut(undefined, [1]),
      laidOut({ keepsWith: 't' }, [2]),
      laidOut(heading, [2]),
      laidOut(table, [3]),
    ];
    expect(keepHeadingsWithTables(nodes[3]!, around(nodes, 3))).toBe(false);
  });

  it('lets any other node be', () => {
    expect(moves([content, above, laidOut(undefined, [1]), laidOut(table, [2])])).toBe(false);
  });
});

describe('rowsKeptWithHeading', () => {
  const row = (place: unknown) => ['Hemograma', { text: 'Pendente', color: undefined }, place] as never[];
  const alone = (place: unknown) => [row(place)];
  // As the individual report writes them: the label in bold, then the notes.
  const withNotes = (notes: string) => [
    row('-'),
    [
      { text: [{ text: 'Observações (Hemograma):', bold: true }, ` ${notes}`], colSpan: 3 },
      '',
      '',
    ] as never[],
  ];

  it('keeps the first two entries with the heading, or the only one', () => {
    expect(rowsKeptWithHeading([alone('-'), alone('UBS Centro'), alone('-')])).toBe(2);
    expect(rowsKeptWithHeading([alone('-')])).toBe(1);
  });

  it("counts an entry's rows: a procedure's and its notes' beneath it", () => {
    expect(rowsKeptWithHeading([withNotes('Em jejum.'), alone('-'), alone('-')])).toBe(3);
    expect(rowsKeptWithHeading([withNotes('Em jejum.'), withNotes('Sem queixas.')])).toBe(4);
  });

  it('keeps none from an entry that could be taller than a page would hold with the heading', () => {
    const manyLines = Array.from({ length: 70 }, () => 'ok').join('\n');
    expect(rowsKeptWithHeading([alone(manyLines), alone('-')])).toBe(0);
    expect(rowsKeptWithHeading([alone('-'), withNotes(manyLines)])).toBe(1);
    // 2,000 characters across three columns of the narrowest: 134 lines at the least.
    expect(rowsKeptWithHeading([alone('-'), withNotes('a'.repeat(2000))])).toBe(1);
    // A nurse's note of 280 characters across three columns: 19 lines; two of them kept, not three.
    const note = 'a'.repeat(280);
    expect(rowsKeptWithHeading([withNotes(note), withNotes(note)])).toBe(4);
    // In the narrowest column, 280 characters are 56 lines: the next entry's 6 pass the budget.
    expect(rowsKeptWithHeading([alone('a'.repeat(280)), alone('a'.repeat(30))])).toBe(1);
    // What it cannot measure, it does not keep.
    expect(rowsKeptWithHeading([alone({ stack: ['a', 'b'] }), alone('-')])).toBe(0);
  });
});

describe('headedTable', () => {
  it('makes its heading, across every column, and the labels the header rows pdfmake repeats, and marks it', () => {
    const node = headedTable('post_op_6mes', {
      heading: { text: '6º mês', style: 'tableHeading' },
      columns: ['Procedimento', 'Status'],
      entries: [
        [['a', 'b']],
        [
          ['c', 'd'],
          [{ text: 'notas de c', colSpan: 2 }, ''],
        ],
        [['e', 'f']],
      ],
      widths: ['*', 'auto'],
      fontSize: 8,
    });
    expect(node).toMatchObject({
      fontSize: 8,
      headlineLevel: { table: 'post_op_6mes' },
      table: {
        headerRows: 2,
        // The first two entries: three rows.
        keepWithHeaderRows: 3,
        dontBreakRows: false,
        widths: ['*', 'auto'],
        body: [
          [{ text: '6º mês', style: 'tableHeading', colSpan: 2 }, ''],
          ['Procedimento', 'Status'],
          ['a', 'b'],
          ['c', 'd'],
          [{ text: 'notas de c', colSpan: 2 }, ''],
          ['e', 'f'],
        ],
      },
    });
    // Ruled under the labels (2) and between entries; not above the heading's rows, nor between
    // c and its notes (4), nor under the last row (6).
    const { hLineWidth } = node['layout'] as { hLineWidth: (line: number, node: unknown) => number };
    const widths = [0, 1, 2, 3, 4, 5, 6].map((line) => hLineWidth(line, node));
    expect(widths).toEqual([0, 0, 2, 1, 0, 1, 0]);
    expect(keptHeading({ text: 'Procedimentos' }, 'post_op_6mes')).toEqual({
      text: 'Procedimentos',
      headlineLevel: { keepsWith: 'post_op_6mes' },
    });
  });
});
