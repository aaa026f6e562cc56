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
  readonly content: Content[];
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
