import { describe, expect, it } from 'vitest';
import type { MunicipalReportPatient } from '@bari/projections';
import { municipalReport } from './municipal-report.ts';

const patient = (
  name: string,
  municipalityName: string,
  uf: string,
  ibgeCode: string,
): MunicipalReportPatient => ({
  id: `${ibgeCode}-${name}`,
  name,
  cpf: '39053344705',
  ibgeCode,
  municipalityName,
  uf,
  totalProcedures: 10,
  allCompletedProcedures: 2,
  completed: 1,
  pending: 1,
  overdue: 0,
});

/** Every text of a pdfmake document definition, in order. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') return Object.values(node).flatMap(texts);
  return [];
}

describe('municipalReport', () => {
  it("heads each municipality with its name and state once, also when the name is another state's too", () => {
    const document = municipalReport(
      [patient('Ana', 'Santo André', 'SP', '3547809'), patient('Bia', 'Salvador', 'BA', '2927408')],
      undefined,
      {},
      {
        generatedAt: new Date('2026-11-27T12:00:00Z'),
        generatedBy: {
          id: 'u',
          email: 'a@b.c',
          firstName: null,
          lastName: null,
          status: 'approved',
          isAdmin: false,
        },
      },
    );
    const all = texts(document.content);
    expect(all).toContain('Santo André — SP');
    expect(all).toContain('Salvador — BA');
    expect(all.some((text) => text.includes('(SP) — SP'))).toBe(false);
    // The subtotal keeps the state beside a name two states share
    expect(all.some((text) => text.includes('Santo André (SP)'))).toBe(true);
  });
});
