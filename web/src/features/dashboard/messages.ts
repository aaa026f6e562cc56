/** Portuguese strings of the dashboard, verbatim from spec §2 (Dashboard) unless marked ours. */
export const dashboardMessages = {
  title: 'Dashboard',
  subtitle: 'Visão geral dos pacientes e procedimentos',
  totalPatients: 'Total de Pacientes',
  completedProcedures: 'Procedimentos Concluídos',
  pendingProcedures: 'Procedimentos Pendentes',
  overdueProcedures: 'Procedimentos em Atraso',
  // Ours: the pending count includes the overdue ones (issue 11).
  pendingIncludesOverdue: 'Inclui os em atraso',
  loadingValue: '...',
  recentPatients: 'Pacientes Recentes',
  noPatients: 'Nenhum paciente cadastrado ainda.',
  quickActions: 'Ações Rápidas',
  newPatient: 'Cadastrar Novo Paciente',
  reports: 'Relatórios',
  managePatients: 'Gerenciar Pacientes',
  viewAll: 'Ver todos',
  cns: 'CNS',
} as const;
