import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PdfMake, TDocumentDefinitions } from './pdf-types.ts';

/*
 * pdfmake on the server, with the Roboto TrueType fonts it ships embedded in every document
 * (they cover every Portuguese character; the PDF standard fonts are not embedded and are
 * limited to WinAnsi). Documents may read only those font files and no URL.
 */

const require = createRequire(import.meta.url);
// pdfmake's server entry is CommonJS exporting one instance (`module.exports = new pdfmake()`).
const pdfmake = require('pdfmake') as PdfMake;
const fontDirectory = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((path) => path.startsWith(fontDirectory));
pdfmake.setFonts({
  Roboto: {
    normal: join(fontDirectory, 'Roboto-Regular.ttf'),
    bold: join(fontDirectory, 'Roboto-Medium.ttf'),
    italics: join(fontDirectory, 'Roboto-Italic.ttf'),
    bolditalics: join(fontDirectory, 'Roboto-MediumItalic.ttf'),
  },
});

/** Lays the document out and returns the PDF's bytes. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake.createPdf(definition).getBuffer();
}
