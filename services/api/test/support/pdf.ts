import { PDFParse } from 'pdf-parse';
import type { TestClient } from './http-client.ts';

export interface FetchedPdf {
  readonly status: number;
  readonly contentType: string | null;
  readonly disposition: string | null;
  readonly bytes: Buffer;
}

/** GETs a path with the client's session cookie and keeps the body as bytes. */
export async function fetchBytes(client: TestClient, path: string): Promise<FetchedPdf> {
  const response = await fetch(client.baseUrl + path, { headers: { Cookie: client.cookieHeader() } });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The text of every page (a PDF text extractor, as a reader's tool would see it) and the page count. */
export async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** A report's heading for tests that lay PDFs out directly: who generated it, and when. */
export const testReportHeading = {
  generatedAt: new Date('2026-11-27T12:00:00Z'),
  generatedBy: {
    id: 'u',
    email: 'enfermeira@saude.gov.br',
    firstName: 'Joana',
    lastName: 'Lima',
    status: 'approved' as const,
    isAdmin: false,
  },
};
