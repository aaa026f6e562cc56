import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Fontkit, PdfMake, TDocumentDefinitions } from './pdf-types.ts';
import { printableDocument, textPrinter } from './printable-text.ts';

/*
 * pdfmake on the server, with the Roboto TrueType fonts it ships embedded in every document
 * (they cover every Portuguese character; the PDF standard fonts are not embedded and are
 * limited to WinAnsi). Documents may read only those font files and no URL. What the fonts
 * lack is printed as a mark (`printable-text.ts`), never dropped.
 */

const require = createRequire(import.meta.url);
// pdfmake's server entry is CommonJS exporting one instance (`module.exports = new pdfmake()`).
const pdfmake = require('pdfmake') as PdfMake;
const pdfmakeDirectory = dirname(require.resolve('pdfmake/package.json'));
const fontDirectory = join(pdfmakeDirectory, 'fonts', 'Roboto');
// The font library pdfmake lays text out with (pdfkit's): the glyphs it finds are those drawn.
const pdfkit = require.resolve('pdfkit', { paths: [pdfmakeDirectory] });
const fontkit = createRequire(pdfkit)('fontkit') as Fontkit;

const roboto = {
  normal: join(fontDirectory, 'Roboto-Regular.ttf'),
  bold: join(fontDirectory, 'Roboto-Medium.ttf'),
  italics: join(fontDirectory, 'Roboto-Italic.ttf'),
  bolditalics: join(fontDirectory, 'Roboto-MediumItalic.ttf'),
};

pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontDirectory));
pdfmake.setFonts({ Roboto: roboto });

let robotoPrintable: ((text: string) => string) | undefined;
/** Text as Roboto prints it: the coverage of its four files read by the first document (~5 ms). */
export function printableInRoboto(text: string): string {
  robotoPrintable ??= textPrinter(Object.values(roboto).map((file) => fontkit.openSync(file)));
  return robotoPrintable(text);
}

/** Lays the document out and returns the PDF's bytes. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(printableDocument(definition, printableInRoboto)).getBuffer();
}
