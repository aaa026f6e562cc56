import type { individualReport } from './individual-report.ts';
import type { municipalReport } from './municipal-report.ts';

/**
 * A PDF to lay out, as plain data: what goes to the rendering thread (a document definition
 * holds functions, the page footer, which cannot cross a thread).
 */
export type PdfJob =
  | { readonly kind: 'individual'; readonly args: Parameters<typeof individualReport> }
  | { readonly kind: 'municipal'; readonly args: Parameters<typeof municipalReport> };

/** What the rendering thread answers for one job. */
export type PdfAnswer =
  { readonly id: number; readonly bytes: Uint8Array } | { readonly id: number; readonly error: string };
