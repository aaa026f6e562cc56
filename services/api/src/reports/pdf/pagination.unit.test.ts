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
  const row = (notes: unknown) => ['Hemograma', { text: 'Pendente', color: undefined }, notes] as never[];

  it('keeps the first two rows with the heading, or the only one', () => {
    expect(rowsKeptWithHeading([row('-'), row('Em jejum.'), row('-')])).toBe(2);
    expect(rowsKeptWithHeading([row('-')])).toBe(1);
  });

  it('keeps none from a row that could be taller than a page would hold with the heading', () => {
    const long = 'a'.repeat(2000);
    const manyLines = Array.from({ length: 70 }, () => 'ok').join('\n');
    expect(rowsKeptWithHeading([row('-'), row(long)])).toBe(1);
    expect(rowsKeptWithHeading([row(manyLines), row('-')])).toBe(0);
    // A nurse's note of 280 characters (56 lines at the narrowest): kept, alone.
    const note = 'a'.repeat(280);
    expect(rowsKeptWithHeading([row(note), row('-')])).toBe(2);
    expect(rowsKeptWithHeading([row(note), row(note)])).toBe(1);
    // What it cannot measure, it does not keep.
    expect(rowsKeptWithHeading([row({ stack: ['a', 'b'] }), row('-')])).toBe(0);
  });
});

describe('headedTable', () => {
  it('makes its heading, across every column, and the labels the header rows pdfmake repeats, and marks it', () => {
    const node = headedTable('post_op_6mes', {
      heading: { text: '6º mês', style: 'tableHeading' },
      columns: ['Procedimento', 'Status'],
      rows: [
        ['a', 'b'],
        ['c', 'd'],
        ['e', 'f'],
      ],
      widths: ['*', 'auto'],
      fontSize: 8,
    });
    expect(node).toMatchObject({
      fontSize: 8,
      headlineLevel: { table: 'post_op_6mes' },
      table: {
        headerRows: 2,
        keepWithHeaderRows: 2,
        dontBreakRows: false,
        widths: ['*', 'auto'],
        body: [
          [{ text: '6º mês', style: 'tableHeading', colSpan: 2 }, ''],
          ['Procedimento', 'Status'],
          ['a', 'b'],
          ['c', 'd'],
          ['e', 'f'],
        ],
      },
    });
    expect(keptHeading({ text: 'Procedimentos' }, 'post_op_6mes')).toEqual({
      text: 'Procedimentos',
      headlineLevel: { keepsWith: 'post_op_6mes' },
    });
  });
});
