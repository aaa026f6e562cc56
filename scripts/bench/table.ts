import { messages as m } from './messages.ts';
import type { BenchResults } from './results.ts';

type Row = readonly [string, string, string, string, string];

/** The results as a plain-text table (what the terminal shows; latest.json has it all). */
export function resultsTable(results: BenchResults): string {
  const http = (label: string, figures: BenchResults['queries']['authFloor']): Row => [
    `${label} (${m.clients(figures.clients)}${figures.errors > 0 ? `, ${m.errors(figures.errors)}` : ''})`,
    m.perSecond(figures.perSec),
    m.ms(figures.p50),
    m.ms(figures.p95),
    m.ms(figures.p99),
  ];
  const append = (label: string, figures: BenchResults['appends']['oneWriter']): Row => [
    label,
    m.perSecond(figures.perSec),
    m.ms(figures.p50),
    '',
    m.ms(figures.p99),
  ];
  const { rebuild, appends, commands, queries, seeding } = results;
  const rows: Row[] = [
    [...m.tableHeader],
    [m.rows.dataset, `${m.count(results.patients)} / ${m.count(results.events)}`, '', '', ''],
    [m.rows.seeding, `${m.count(seeding.patientsPerSec)} pacientes/s`, '', '', ''],
    [
      m.rows.settle,
      `${m.seconds(results.settle.afterSeedingSeconds)} / ${m.seconds(results.settle.afterRebuildSeconds)}`,
      '',
      '',
      '',
    ],
    [m.rows.rebuild, m.perSecond(rebuild.eventsPerSec), m.ratio(rebuild.ratioToBaseline), '', ''],
    [m.rows.rebuildTime, `${m.count(rebuild.seconds)} s / ${m.megabytes(rebuild.peakRssMB)}`, '', '', ''],
    [m.rows.baseline, m.perSecond(rebuild.baselineInsertPerSec), '', '', ''],
    append(m.rows.oneWriter, appends.oneWriter),
    append(m.rows.eightWriters, appends.eightWriters),
    append(m.rows.commitFloor, appends.commitFloor),
    http(m.rows.registerPatient, commands.registerPatient),
    http(m.rows.completeProcedure, commands.completeProcedure),
    http(m.rows.authFloor, queries.authFloor),
    http(m.rows.patientList, queries.patientList),
    http(m.rows.patientSearch, queries.patientSearch),
    http(m.rows.patientDetail, queries.patientDetail),
    http(m.rows.statistics, queries.statistics),
    http(m.rows.auditLog, queries.auditLog),
    http(m.rows.auditLogSearch, queries.auditLogSearch),
    http(m.rows.municipalityReport, queries.municipalityReport),
    [m.rows.pdfIndividual, m.ms(results.pdf.individualMs), '', '', ''],
    [m.rows.pdfMunicipal(results.pdf.municipalPatients), m.ms(results.pdf.municipalMs), '', '', ''],
    [
      m.rows.web,
      `${results.web.dashboardWireKB} / ${results.web.reportsChunkKB} / ${results.web.xlsxChunkKB} kB`,
      '',
      '',
      '',
    ],
    [m.rows.restingRss, m.megabytes(results.restingRssMB), '', '', ''],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
