import { MUNICIPALITY_INVALID, MUNICIPALITY_REQUIRED } from '../identifiers/municipality-ref.ts';
import { CLINICAL_DATE_INVALID } from '../protocol/dates.ts';

/** §5 — the patient form's messages, word for word where the spec gives them. */
export const patientMessages = {
  identifierCheckNeedsWhole: 'A conferência de CPF/CNS pede um CPF ou CNS completo, só com algarismos.',
  nameRequired: 'Nome é obrigatório',
  nameTooShort: 'Informe o nome do paciente (ao menos duas letras).',
  nameNotPrintable:
    'Escreva o nome com letras do alfabeto latino, como no CPF e no Cartão SUS (sem emojis nem outros alfabetos).',
  /**
   * The same, naming the first character the name may not hold ('(' in 'Francisco (Chico)') and
   * its code, for one that looks like another ('Α', Greek) or like the quotes around it ('”').
   */
  nameCharacterNotPrintable: (character: string, code: string) =>
    `O nome não pode ter o caractere «${character}» (${code}). Escreva-o com letras do alfabeto latino, como no CPF e no Cartão SUS (sem emojis nem outros alfabetos).`,
  cpfRequired: 'CPF é obrigatório',
  cpfInvalid: 'CPF inválido',
  municipalityRequired: MUNICIPALITY_REQUIRED,
  municipalityInvalid: MUNICIPALITY_INVALID,
  admissionDateRequired: 'Data da internação é obrigatória',
  surgeryLocationRequired: 'Local da cirurgia é obrigatório',
  surgeonNameRequired: 'Nome do cirurgião é obrigatório',
  cnsTooLong: 'CNS deve ter no máximo 15 caracteres',
  cnsInvalid: 'CNS inválido',
  aihInvalid: 'Número AIH deve ter 13 dígitos',
  sisregInvalid: 'Código SISREG inválido',
  dateInvalid: CLINICAL_DATE_INVALID,
  dischargeBeforeAdmission: 'A data da alta não pode ser anterior à internação.',
  surgeryBeforeAdmission: 'A data da cirurgia não pode ser anterior à internação.',
  dischargeBeforeSurgery: 'A data da alta não pode ser anterior à data da cirurgia.',
  textTooLong: (max: number) => `Deve ter no máximo ${max} caracteres`,
} as const;

/** §5 — the 'Registrar Procedimento' form and the procedure updates. */
export const procedureMessages = {
  procedureTypeRequired: 'Tipo de procedimento é obrigatório',
  completedDateRequired: 'Data de realização é obrigatória',
  locationRequired: 'Local é obrigatório',
  professionalNameRequired: 'Profissional responsável é obrigatório',
  completedDateOnlyWhenCompleted: 'A data de realização só pode ser informada em procedimento concluído',
  completedDateInFuture: 'A data de realização não pode ser futura.',
  /** `surgeryDate` as shown ('12/01/2026'). */
  postOperativeBeforeSurgery: (surgeryDate: string) =>
    `Um procedimento pós-operatório não pode ter sido realizado antes da cirurgia (${surgeryDate}).`,
  /** `surgeryDate` as shown ('12/01/2026'). */
  preOperativeAfterSurgery: (surgeryDate: string) =>
    `Um procedimento pré-operatório não pode ter sido realizado depois da cirurgia (${surgeryDate}).`,
} as const;

/** 'Confirmar Exclusão': the reason asked before a patient is deleted. */
export const deletionReasonMessages = {
  required: 'Informe o motivo da exclusão (ao menos 5 caracteres).',
  tooLong: 'O motivo da exclusão deve ter no máximo 500 caracteres.',
} as const;

/**
 * The server's refusals of patient, procedure and procedure-type commands. One copy: the web
 * recognises some of them (a duplicate CPF goes under the CPF field).
 */
export const patientRefusalMessages = {
  patientNotFound: 'Paciente não encontrado',
  /** A deleted patient's page: when, in São Paulo time, and by whom (the history shows the rest). */
  patientDeleted: (name: string, when: string, by: string | null, reason?: string) =>
    `${name ? `O cadastro de ${name}` : 'Este cadastro'} foi excluído em ${when}${by ? ` por ${by}` : ''}.${reason ? ` Motivo: ${reason}` : ''}`,
  patientAlreadyRegistered: 'Este paciente já está cadastrado',
  duplicateCpf: 'Já existe um paciente com este CPF',
  duplicateCns: 'Já existe um paciente com este CNS',
  stalePatient: 'Este paciente foi alterado por outra pessoa. Recarregue a página e tente novamente.',
  staleProcedure:
    'Este procedimento foi alterado por outra pessoa. A página mostra agora a versão atual; confira e tente novamente.',
  versionRequired:
    'Informe a versão do paciente (If-Match ou version) para evitar sobrescrever alterações de outra pessoa.',
  procedureNotFound: 'Procedimento não encontrado',
  procedureTypeNotFound: 'Tipo de procedimento não encontrado',
  procedureAlreadyAssigned: 'Este procedimento já faz parte do acompanhamento do paciente',
  procedureAlreadyCompleted: 'Este procedimento já foi registrado como concluído para o paciente',
  duplicateProcedureType: 'Já existe um procedimento com este nome nesta categoria',
  requiredProcedureTypeForbidden:
    'Apenas administradores podem criar procedimentos obrigatórios, pois eles passam a valer para todos os pacientes.',
} as const;

/** The maintenance refused while the patients' read model lags behind the log (503). */
export const maintenanceBehindMessage =
  'A lista de pacientes ainda está sendo atualizada; nada foi alterado. Tente novamente em alguns instantes.';
/** …because its projection stopped on a failure: retrying will not help until it is mended. */
export const maintenanceStoppedMessage =
  'A lista de pacientes está parada por uma falha na sua atualização; nada foi alterado. O responsável pelo servidor precisa corrigi-la (npm run projections -- status).';

/** What an administrator tells support about patients a run skipped: the run's code finds them in the log. */
const supportHint = (correlationId: string): string => `informe ao suporte técnico o código ${correlationId}`;

/** 'Atualizar Procedimentos' (run-migration) answer: what was added, and the patients skipped. */
export function runMigrationMessage(added: number, skipped = 0, correlationId = ''): string {
  const done =
    added === 0
      ? skipped === 0
        ? 'Nenhum procedimento obrigatório faltando: todos os pacientes estão atualizados.'
        : 'Nenhum procedimento obrigatório adicionado.'
      : added === 1
        ? 'Migração concluída: 1 procedimento obrigatório adicionado.'
        : `Migração concluída: ${added} procedimentos obrigatórios adicionados.`;
  if (skipped === 0) return done;
  const patients =
    skipped === 1 ? '1 paciente não pôde ser atualizado' : `${skipped} pacientes não puderam ser atualizados`;
  return `${done} ${patients}: não foi possível ler o histórico (${supportHint(correlationId)}).`;
}

/** 'Corrigir Dados de Produção': a patient the run skipped, by name (its id when unknown). */
export const patientSkippedLine = (patient: string, correlationId: string): string =>
  `Paciente ${patient}: não foi possível ler o histórico; nada foi verificado nem corrigido (${supportHint(correlationId)})`;

/** …and the skipped patients beyond those listed. */
export const moreSkippedLine = (count: number): string =>
  `… e mais ${count} ${count === 1 ? 'paciente' : 'pacientes'} na mesma situação`;
