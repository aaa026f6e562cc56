import { CLINICAL_DATE_INVALID } from '../protocol/dates.ts';

/** The reports' refusals (§5, §8), shared by the server's 400/404 and the web's checks. */
export const reportMessages = {
  patientRequired: 'Por favor, selecione um paciente',
  patientNotFound: 'Paciente não encontrado',
  municipalityNotFound: 'Município não encontrado',
  municipalityAmbiguous: (labels: readonly string[]) =>
    `Há mais de um município com pacientes com este nome (${labels.join(', ')}): informe a UF ou o código IBGE.`,
  dateInvalid: CLINICAL_DATE_INVALID,
  datesReversed: 'A data inicial não pode ser posterior à data final.',
  fieldsRequired: 'Selecione pelo menos um campo.',
  fieldUnknown: (field: string) => `Campo desconhecido: ${field}`,
  formatInvalid: 'Formato de relatório inválido: use print (impressão) ou spreadsheet (planilha).',
  reportsBusy: 'Muitos relatórios sendo gerados agora. Tente novamente em alguns instantes.',
  reportCancelled: 'O relatório foi cancelado: a conexão foi encerrada antes que ficasse pronto.',
} as const;
