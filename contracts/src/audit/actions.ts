import { z } from 'zod';

/*
 * Every action and entity type of the audit trail with its Portuguese label, in one place:
 * the projection stores the codes (and folds the labels into its search column), the server
 * lists them as facets and the web shows the labels. Spec §3 names CREATE_PATIENT,
 * UPDATE_PATIENT, DELETE_PATIENT, UPDATE_PROCEDURE, LOGIN and LOGOUT; the others name the
 * other events we write and the access events (who read whose health data).
 */
export const AUDIT_ACTION_LABELS = {
  CREATE_PATIENT: 'Criar Paciente',
  UPDATE_PATIENT: 'Atualizar Paciente',
  DELETE_PATIENT: 'Excluir Paciente',
  UPDATE_PROCEDURE: 'Atualizar Procedimento',
  ADD_PROCEDURE: 'Adicionar Procedimento',
  ASSIGN_PROCEDURES: 'Atribuir Procedimentos Obrigatórios',
  COMPLETE_PROCEDURE: 'Registrar Procedimento',
  REOPEN_PROCEDURE: 'Reabrir Procedimento',
  RESCHEDULE_PROCEDURE: 'Reagendar Procedimento',
  REMOVE_PROCEDURE: 'Remover Procedimento',
  IMPORT_PROCEDURE: 'Importar Procedimento',
  CREATE_PROCEDURE_TYPE: 'Criar Tipo de Procedimento',
  CREATE_USER: 'Criar Usuário',
  REQUEST_ACCESS: 'Solicitar Acesso',
  APPROVE_USER: 'Aprovar Usuário',
  REJECT_USER: 'Rejeitar Usuário',
  DELETE_USER: 'Excluir Usuário',
  LOGIN: 'Login',
  LOGOUT: 'Logout',
  LOGIN_FAILED: 'Login Recusado',
  CREATE_ACCESS_KEY: 'Criar Chave de Acesso',
  BIND_ACCESS_KEY: 'Vincular Chave de Acesso',
  DEACTIVATE_ACCESS_KEY: 'Desativar Chave de Acesso',
  INITIALIZE_SYSTEM: 'Inicializar Sistema',
  FORCE_INITIALIZE_SYSTEM: 'Inicialização Forçada',
  RUN_MIGRATION: 'Atualizar Procedimentos',
  FIX_PRODUCTION_DATA: 'Corrigir Dados de Produção',
  VIEW_PATIENT: 'Visualizar Paciente',
  VIEW_HISTORY: 'Visualizar Histórico',
  SEARCH_PATIENTS: 'Pesquisar Pacientes',
  LIST_PATIENTS: 'Listar Pacientes',
  GENERATE_REPORT: 'Gerar Relatório',
  EXPORT_REPORT: 'Exportar Relatório',
  VIEW_AUDIT_LOG: 'Visualizar Auditoria',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);

/** The actions that record a read (access events), not a change. */
export const ACCESS_ACTIONS = [
  'VIEW_PATIENT',
  'VIEW_HISTORY',
  'SEARCH_PATIENTS',
  'LIST_PATIENTS',
  'GENERATE_REPORT',
  'EXPORT_REPORT',
  'VIEW_AUDIT_LOG',
] as const satisfies readonly AuditAction[];
export const AccessActionSchema = z.enum(ACCESS_ACTIONS);
export type AccessAction = z.infer<typeof AccessActionSchema>;

/** §3 entity types (patient, procedure, user) plus access keys and the system itself. */
export const AUDIT_ENTITY_TYPE_LABELS = {
  patient: 'Paciente',
  procedure: 'Procedimento',
  user: 'Usuário',
  access_key: 'Chave de Acesso',
  system: 'Sistema',
} as const;
export type AuditEntityType = keyof typeof AUDIT_ENTITY_TYPE_LABELS;
export const AUDIT_ENTITY_TYPES = Object.keys(AUDIT_ENTITY_TYPE_LABELS) as [
  AuditEntityType,
  ...AuditEntityType[],
];
export const AuditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);

/** Labels of the procedure fields an audit entry or a history entry may show changed. */
export const PROCEDURE_FIELD_LABELS = {
  status: 'Status',
  scheduledDate: 'Data Prevista',
  completedDate: 'Data de Realização',
  location: 'Local',
  professionalName: 'Profissional Responsável',
  notes: 'Observações',
} as const;
export type ProcedureAuditField = keyof typeof PROCEDURE_FIELD_LABELS;

/** Labels of the other fields details may name (user status). */
export const OTHER_FIELD_LABELS = { userStatus: 'Status do Usuário' } as const;
