import { dashboardWeight, defaultWebDist, lazyChunkWireKB } from '../web-weight.ts';

export interface WebFigures {
  /** Everything the dashboard fetches on a cold cache, on the wire (brotli), in kB. */
  readonly dashboardWireKB: number;
  /** What opening /reports adds, fetched only then. */
  readonly reportsChunkKB: number;
  /** The spreadsheet library (exceljs), fetched only on 'Exportar Planilha'. */
  readonly xlsxChunkKB: number;
}

/** The web app's weights, from the build the benchmark's server serves (web/dist). */
export function measureWeb(distDir: string = defaultWebDist): WebFigures {
  return {
    dashboardWireKB: dashboardWeight(distDir).wireKB,
    reportsChunkKB: lazyChunkWireKB(/^reports-page-/, distDir),
    xlsxChunkKB: lazyChunkWireKB(/^spreadsheet-/, distDir),
  };
}
