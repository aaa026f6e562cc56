import { describe, expect, it } from 'vitest';
import * as contracts from '@bari/contracts';
import {
  detailsSummary,
  displayFieldValue,
  displayNamedValue,
  entityDisplayName,
  fieldLabel,
  formatTimestamp,
  orderedValues,
  patientIdOf,
} from './audit-format.ts';

describe('formatTimestamp', () => {
  it('shows an entry as São Paulo reads it, to the second, whatever the computer reads', () => {
    expect(formatTimestamp('2026-11-29T23:18:20.000Z')).toBe('29/11/2026 20:18:20');
    expect(formatTimestamp('2026-11-30T01:05:09.999-02:00')).toBe('30/11/2026 00:05:09');
  });
});

describe('displayNamedValue', () => {
  it("shows the protocol's codes and the sources in Portuguese, by the value's name", () => {
    expect(displayNamedValue('phase', 'pre_operative')).toBe('Pré-operatório');
    expect(displayNamedValue('format', 'spreadsheet')).toBe('Planilha (Excel)');
    expect(displayNamedValue('format', 'print')).toBe('Impressão (PDF)');
    expect(displayNamedValue('category', 'pre_op_exam')).toBe('Exames');
    expect(displayNamedValue('source', 'catalogue')).toBe('Catálogo do protocolo');
  });

  it("tells the patient form's check of a CPF or CNS from a search", () => {
    expect(fieldLabel('purpose')).toBe('Finalidade');
    expect(displayNamedValue('purpose', 'identifier_check')).toBe('Conferência de CPF/CNS no cadastro');
    expect(displayNamedValue('seen', 'deletion_notice')).toBe(
      'Aviso de exclusão (nome, data, autor e motivo)',
    );
  });

  it('shows a page of the patient list read (LIST_PATIENTS) with its filter and order in Portuguese', () => {
    expect(displayNamedValue('status', 'pre_op')).toBe('Pré-operatório');
    expect(displayNamedValue('sort', 'admissionDate')).toBe('Data de internação');
    expect(displayNamedValue('direction', 'desc')).toBe('Decrescente');
    expect(displayNamedValue('pageSize', '200')).toBe('200');
  });

  it('shows anything else as values are shown: dates, yes/no, the code itself when unknown', () => {
    expect(displayNamedValue('scheduledDate', '2026-03-05')).toBe('05/03/2026');
    expect(displayNamedValue('isRequired', 'true')).toBe('Sim');
    expect(displayNamedValue('phase', 'unknown_phase')).toBe('unknown_phase');
    expect(displayNamedValue('category', null)).toBe(displayNamedValue('reason', ''));
  });
});

describe('displayFieldValue', () => {
  it('shows a changed CPF masked and a municipality as the rest of the app does', () => {
    expect(displayFieldValue('cpf', '12808286848')).toBe('128.082.868-48');
    expect(displayFieldValue('municipality', 'São João del Rei/MG')).toBe('São João del Rei — MG');
  });

  it('leaves other fields, and values of another shape, as values are shown', () => {
    expect(displayFieldValue('notes', '12808286848')).toBe('12808286848');
    expect(displayFieldValue('cpf', null)).toBe(displayFieldValue('notes', null));
    expect(displayFieldValue('admissionDate', '2026-03-05')).toBe('05/03/2026');
  });
});

/** Every `reason` enum of the events contracts define, found in their zod schemas. */
function eventReasons(): string[] {
  const reasons = new Set<string>();
  for (const exported of Object.values(contracts)) {
    const data = (exported as { data?: { shape?: Record<string, unknown> } } | null)?.data;
    const reason = data?.shape?.reason as { options?: unknown[] } | undefined;
    for (const option of reason?.options ?? []) if (typeof option === 'string') reasons.add(option);
  }
  return [...reasons];
}

describe("an entry's reasons, filters and ids", () => {
  it('finds the reasons in the zod enums of the events', () => {
    expect(eventReasons()).toEqual(
      expect.arrayContaining(['added', 'registration', 'staff', 'base_date_changed', 'unknown_key']),
    );
    expect(eventReasons()).toEqual(
      expect.arrayContaining(['key_bound_to_another_account', 'administrator', 'user_deleted', 'duplicate']),
    );
  });

  it.each(eventReasons())("shows the reason '%s' in Portuguese, never as its code", (reason) => {
    const shown = displayNamedValue('reason', reason);
    expect(shown).not.toBe(reason);
    expect(shown).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ]/);
  });

  it('names the reasons the tester found as codes', () => {
    expect(displayNamedValue('reason', 'base_date_changed')).toBe(
      'Data da cirurgia ou da internação alterada',
    );
    expect(displayNamedValue('reason', 'key_bound_to_another_account')).toBe(
      'Chave de acesso vinculada a outra conta',
    );
  });

  it("shows an audit read's action and entity filters with their labels", () => {
    expect(displayNamedValue('action', 'SEARCH_PATIENTS')).toBe('Pesquisar Pacientes');
    expect(displayNamedValue('action', 'COMPLETE_PROCEDURE')).toBe('Registrar Procedimento');
    expect(displayNamedValue('entityType', 'access_key')).toBe('Chave de Acesso');
    for (const action of contracts.AUDIT_ACTIONS)
      expect(displayNamedValue('action', action)).not.toBe(action);
    for (const type of contracts.AUDIT_ENTITY_TYPES)
      expect(displayNamedValue('entityType', type)).not.toBe(type);
  });

  it("shows a report read's kind, fields and municipality code in Portuguese", () => {
    expect(displayNamedValue('kind', 'municipal')).toBe('Relatório municipal');
    expect(displayNamedValue('fields', 'name,municipality,cpf')).toBe('Nome do Paciente, Município, CPF');
    expect(displayNamedValue('municipality', '2927408')).toBe('código IBGE 2927408');
    const municipalityOf = (code: string) => (code === '2927408' ? 'Salvador — BA' : undefined);
    expect(displayNamedValue('municipality', '2927408', { municipalityOf })).toBe('Salvador — BA');
    expect(displayNamedValue('municipality', '3550308', { municipalityOf })).toBe('código IBGE 3550308');
    // A report of every municipality
    expect(displayNamedValue('municipality', null)).toBe('Todos os municípios');
  });

  it("shows a procedure type's id as its name when the catalogue has it", () => {
    const id = '01a21f08-7b32-7000-973f-5aa3ebbb2423';
    const procedureTypeOf = (wanted: string) => (wanted === id ? 'Vitamina B1' : undefined);
    expect(displayNamedValue('procedureTypeId', id, { procedureTypeOf })).toBe('Vitamina B1');
    // A type's id is never taken for a user's.
    expect(displayNamedValue('procedureTypeId', id, { emailOf: () => 'ana@x.br' })).toBe(
      `${id} (identificador interno, sem nome conhecido)`,
    );
  });

  it('reads a period from its start, whatever order the stored keys came in', () => {
    expect(orderedValues({ endDate: '2026-02-28', kind: 'municipal', startDate: '2026-02-01' })).toEqual([
      ['kind', 'municipal'],
      ['startDate', '2026-02-01'],
      ['endDate', '2026-02-28'],
    ]);
  });

  it('orders the other values by name length, then name, whatever order they were stored in', () => {
    const registration = { reason: 'registration', count: '93' };
    const login = { lastName: 'Silva', firstName: 'Ana', ip: '10.0.0.1' };
    expect(orderedValues(registration)).toEqual([
      ['count', '93'],
      ['reason', 'registration'],
    ]);
    expect(orderedValues({ count: '93', reason: 'registration' })).toEqual(orderedValues(registration));
    expect(orderedValues(login).map(([name]) => name)).toEqual(['ip', 'lastName', 'firstName']);
  });

  it("shows a user's id as their email, and an id nobody names as an id", () => {
    const id = '3f1c2b7e-8a4d-4c2e-9b1a-0d5e6f7a8b9c';
    const emailOf = (wanted: string) => (wanted === id ? 'ana@municipio.gov.br' : undefined);
    expect(displayNamedValue('userId', id, { emailOf })).toBe('ana@municipio.gov.br');
    const other = '00000000-0000-4000-8000-000000000000';
    expect(displayNamedValue('boundUserId', other, { emailOf })).toBe(
      '00000000-0000-4000-8000-000000000000 (identificador interno, sem nome conhecido)',
    );
  });
});

describe('the Nome and Detalhes columns', () => {
  const rescheduled = {
    entityType: 'procedure' as const,
    entityName: '25-OH vitamina D',
    details: {
      changes: [{ field: 'scheduledDate', from: '2026-04-01', to: '2026-05-01' }],
      patientId: '00000000-0000-4000-8000-000000000001',
      patientName: 'Maria Silva',
    },
  };

  it("names a procedure with its patient: one edit of a surgery date reschedules dozens of one patient's", () => {
    expect(entityDisplayName(rescheduled)).toBe('25-OH vitamina D — Maria Silva');
    expect(entityDisplayName({ entityType: 'patient', entityName: 'Maria Silva', details: null })).toBe(
      'Maria Silva',
    );
    expect(entityDisplayName({ entityType: 'system', entityName: null, details: null })).toBeNull();
  });

  it("links a patient's and a procedure's entry to the patient, nothing else", () => {
    expect(patientIdOf({ ...rescheduled, entityId: 'procedure-1' })).toBe(rescheduled.details.patientId);
    expect(patientIdOf({ entityType: 'patient', entityId: 'patient-1', details: null })).toBe('patient-1');
    expect(patientIdOf({ entityType: 'user', entityId: 'user-1', details: null })).toBeNull();
  });

  it('spells out the other values of an entry when they fit in a few words (a maintenance run, a search), else points to the details', () => {
    // A run over a state-wide service still fits.
    expect(detailsSummary({ values: { changes: '1234567', patients: '100000' } })).toBe(
      'Pacientes alterados: 100000; Alterações: 1234567',
    );
    expect(detailsSummary({ values: { patients: '3', changes: '12' } })).toBe(
      'Pacientes alterados: 3; Alterações: 12',
    );
    // A run that skipped patients says so in its details (too long for the column).
    expect(detailsSummary({ values: { skipped: '1', patients: '3', changes: '12' } })).toBe('Ver detalhes');
    expect(fieldLabel('skipped')).toBe('Pacientes não atualizados');
    expect(detailsSummary({ values: { search: 'maria', status: 'pre_op' } })).toBe(
      'Busca: maria; Status: Pré-operatório',
    );
    const userId = '0b8f3c8e-2a1d-4d57-9a3e-6f1c2d3e4f5a';
    expect(
      detailsSummary({ values: { userId } }, { emailOf: (id) => (id === userId ? 'ana@x.br' : undefined) }),
    ).toBe('Usuário: ana@x.br');
    expect(
      detailsSummary({ values: { approved: 'true', accessKey: 'Administrador do sistema (chave padrão)' } }),
    ).toBe('Ver detalhes');
    expect(detailsSummary({ values: {} })).toBe('Ver detalhes');
    // A patient search: paging, order and empty filters left to the details; the text always shown.
    const search = {
      search: 'maria',
      status: null,
      sort: 'name',
      direction: null,
      page: '1',
      pageSize: '20',
    };
    expect(detailsSummary({ values: search })).toBe('Busca: maria');
    expect(detailsSummary({ values: { ...search, status: 'post_op' } })).toBe(
      'Busca: maria; Status: Pós-operatório',
    );
    const long = 'maria aparecida dos santos oliveira';
    expect(detailsSummary({ values: { ...search, search: long, status: 'post_op' } })).toBe(`Busca: ${long}`);
    // The form's check of a CPF says so in the table, not only in the details.
    expect(
      detailsSummary({ values: { ...search, search: '18424646800', purpose: 'identifier_check' } }),
    ).toBe('Busca: 18424646800; Finalidade: Conferência de CPF/CNS no cadastro');
    expect(detailsSummary({ values: { status: null, sort: 'name', page: '1', pageSize: '20' } })).toBe(
      'Ver detalhes',
    );
    expect(detailsSummary(null)).toBe('-');
  });

  it("shows a deletion's reason as 'Motivo' up to three lines, and as typed (never read as a code)", () => {
    expect(detailsSummary({ values: { deletionReason: 'Cadastro em duplicidade' } })).toBe(
      'Motivo: Cadastro em duplicidade',
    );
    const long =
      'Paciente cadastrado por engano no lugar de outra pessoa com o mesmo nome, confirmado pela regulação.';
    expect(detailsSummary({ values: { deletionReason: long } })).toBe(`Motivo: ${long}`);
    // The longest a reason may be (500): its start, the rest in the details.
    const longest = `Óbito ${'informado pela família do paciente; '.repeat(13)}`.slice(0, 500);
    const summary = detailsSummary({ values: { deletionReason: longest } });
    expect(summary).toHaveLength(120);
    expect(summary).toBe(`Motivo: ${longest.slice(0, 111).trimEnd()}…`);
    expect(displayNamedValue('deletionReason', 'deleted')).toBe('deleted');
  });

  it('summarises the fields an entry changed when it lists no updated fields nor a status', () => {
    expect(detailsSummary(rescheduled.details)).toBe('Data Prevista');
    expect(detailsSummary({ status: 'completed', changes: rescheduled.details.changes })).toBe(
      detailsSummary({ status: 'completed' }),
    );
  });
});
