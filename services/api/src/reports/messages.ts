/** Every Portuguese string the report PDFs print, in one place to hold against the spec. */
const patientsCount = (count: number) => (count === 1 ? '1 paciente' : `${count} pacientes`);

export const pdfMessages = {
  serviceName: 'Bari Care — Acompanhamento de Cirurgia Bariátrica',
  generatedAt: 'Gerado em',
  generatedBy: 'Gerado por',
  filters: 'Filtros',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  period: (start: string | undefined, end: string | undefined) =>
    start && end
      ? `Período: ${start} a ${end}`
      : start
        ? `Período: a partir de ${start}`
        : end
          ? `Período: até ${end}`
          : 'Período: todo o acompanhamento',
  notInformed: 'Não informado',
  individual: {
    title: 'Relatório Individual do Paciente',
    documentTitle: (name: string) => `Relatório Individual — ${name}`,
    /** At the foot of every page after the first, beside its number. */
    subject: (name: string, cpf: string) => `${name} · CPF ${cpf}`,
    identification: 'Identificação',
    name: 'Nome',
    cpf: 'CPF',
    cns: 'CNS',
    municipality: 'Município',
    admissionDate: 'Data da Internação',
    surgeryDate: 'Data da Cirurgia',
    dischargeDate: 'Data da Alta',
    surgeon: 'Cirurgião',
    location: 'Local da Cirurgia',
    aih: 'Número AIH',
    sisreg: 'Código SISREG',
    patientNotes: 'Observações',
    progress: 'Progresso Geral',
    progressLine: (percentage: number, completed: number, total: number) =>
      `${percentage}% — ${completed} de ${total} procedimentos concluídos`,
    procedures: 'Procedimentos',
    rangeNote: 'No período, conta a data de realização; a data prevista quando não realizado.',
    columns: ['Procedimento', 'Status', 'Previsto', 'Realizado', 'Local', 'Profissional'],
    notesOf: (procedure: string) => `Observações (${procedure}):`,
    optional: '(Opcional)',
    noProcedures: 'Nenhum procedimento no período selecionado.',
  },
  municipal: {
    title: 'Relatório Municipal de Pacientes',
    documentTitle: 'Relatório Municipal',
    allMunicipalities: 'Município: todos os municípios',
    municipality: (label: string) => `Município: ${label}`,
    columns: ['Paciente', 'CPF', 'Progresso Geral', 'Concluídos', 'Pendentes', 'Atrasados'],
    subtotal: (label: string, patients: number) => `Subtotal — ${label}: ${patientsCount(patients)}`,
    total: (patients: number) => `Total geral: ${patientsCount(patients)}`,
    note: 'Atrasados são pendentes com data prevista anterior à data de geração (incluídos em Pendentes).',
    /** With a period, the counts are the period's but the progress is the whole follow-up's. */
    rangeNote:
      'Progresso Geral conta todo o acompanhamento; Concluídos, Pendentes e Atrasados, só o período (a data de realização; a data prevista quando não realizado).',
    noPatients: 'Nenhum paciente encontrado para os filtros selecionados.',
  },
} as const;
