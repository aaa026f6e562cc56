/*
 * The part of pdfmake's document model these reports use. Declared here rather than taken
 * from @types/pdfmake, whose `/// <reference lib="dom" />` would put the browser's globals
 * into every server file's type-check.
 */

/** A piece of content: text, a node (text, table, stack, canvas…) with its properties, or a list. */
export type Content = string | ContentNode | Content[];
export interface ContentNode {
  readonly [property: string]: unknown;
}
export type TableCell = Content;

export interface TDocumentDefinitions {
  readonly pageSize: 'A4';
  readonly pageMargins: readonly [number, number, number, number];
  readonly language?: string;
  readonly info: { readonly title: string; readonly author: string; readonly creator: string };
  readonly defaultStyle: ContentNode;
  readonly styles: Readonly<Record<string, ContentNode>>;
  readonly footer: (page: number, pages: number) => Content;
  /**
   * Asked of every node once laid out (again after each break it asks for): true moves the
   * node to the next page. pdfmake lays the document out again after each such answer.
   */
  readonly pageBreakBefore?: (node: NodeInfo, nodes: NodesAround) => boolean;
  readonly content: Content[];
}

/** What `pageBreakBefore` learns of a laid-out node. */
export interface NodeInfo {
  /** The node's own `headlineLevel`, which pdfmake hands on here and reads for nothing else. */
  readonly headlineLevel?: unknown;
  /** The pages the node's lines fall on, in order (1 is the first page). */
  readonly pageNumbers: readonly number[];
  /** Whether the node is a stack (which holds the nodes after it, its own). */
  readonly stack: boolean;
}

/** The other laid-out nodes, in document order, as `pageBreakBefore` may ask for them. */
export interface NodesAround {
  /** The nodes after this one with a line on this one's (first) page. */
  getFollowingNodesOnPage(): NodeInfo[];
  /** The nodes before this one with a line on this one's (first) page. */
  getPreviousNodesOnPage(): NodeInfo[];
}

/** pdfmake's server instance (`require('pdfmake')`), as far as it is used. */
export interface PdfMake {
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

/** fontkit, the font library pdfkit lays text out with, as far as it is used. */
export interface Fontkit {
  openSync(path: string): { readonly characterSet: readonly number[] };
}
