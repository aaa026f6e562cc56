import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CustomReportRow } from '@bari/contracts';
import { buildCustomSpreadsheet } from './spreadsheet.ts';

const rows: CustomReportRow[] = [
  { name: 'Maria da Conceição', cpf: '39053344705', admissionDate: '2025-01-08', dischargeDate: null },
  { name: 'João Gonçalves', cpf: '71460285859', admissionDate: '2024-12-31', dischargeDate: '2025-01-03' },
];

describe('custom report spreadsheet (§9)', () => {
  it('has the sheet, widths, header labels, dd/mm/yyyy dates and file name of the spec', async () => {
    const now = new Date(2025, 2, 7, 14, 30);
    const sheet = await buildCustomSpreadsheet(rows, ['name', 'cpf', 'admissionDate', 'dischargeDate'], now);
    expect(sheet.fileName).toBe('Relatório_Customizado_07-03-2025.xlsx');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.bytes);
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual(['Relatório']);
    const read = workbook.getWorksheet('Relatório')!;
    expect(read.columns.map((column) => column.width)).toEqual([20, 20, 20, 20]);
    expect(read.getRow(1).values).toEqual([
      undefined,
      'Nome do Paciente',
      'CPF',
      'Data de Internação',
      'Data de Alta',
    ]);
    expect(read.getCell('A2').value).toBe('Maria da Conceição');
    expect(read.getCell('B2').value).toBe('390.533.447-05');
    expect(read.getCell('C2').value).toEqual(new Date(Date.UTC(2025, 0, 8)));
    expect(read.getCell('C2').numFmt).toBe('dd/mm/yyyy');
    expect(read.getCell('D2').value).toBeNull();
    expect(read.getCell('D3').value).toEqual(new Date(Date.UTC(2025, 0, 3)));
    expect(read.rowCount).toBe(3);
  });
});
