/**
 * Portuguese strings of the shared screens and layout. Quoted ones are verbatim from the
 * spec (§2 Route guard, Shared layout; §8 'Copiado'); the spec gives no text for the 404 page,
 * the logout button, the back link or the restricted-access card body, so those are ours.
 */
export const commonMessages = {
  notFoundTitle: 'Página não encontrada',
  notFoundDescription: 'O endereço que você abriu não existe ou foi movido.',
  notFoundBack: 'Voltar ao início',
  loading: 'Carregando...',
  staleData:
    'Salvo. As listas, as contagens e as páginas dos pacientes ainda podem não mostrar esta alteração; elas se atualizam sozinhas em alguns segundos.',
  appName: 'Bari Care',
  navigationLabel: 'Navegação principal',
  sidebarLabel: 'Menu lateral',
  sidebarFooter: 'Sistema Médico / Usuário Logado',
  logout: 'Sair',
  back: 'Voltar',
  copy: 'Copiar',
  copied: 'Copiado',
  copiedDescription: 'Copiado para a área de transferência.',
  copyFailed: 'Não foi possível copiar. Selecione o texto e copie manualmente.',
  restrictedTitle: 'Acesso Restrito',
  restrictedDescription: 'Esta seção é exclusiva para administradores do sistema.',
  underConstructionTitle: 'Em construção',
  underConstructionDescription: 'Esta tela estará disponível em breve.',
  error: 'Erro',
  cancel: 'Cancelar',
  closeDialog: 'Fechar janela',
  closeNotice: 'Fechar aviso',
  optional: '(opcional)',
  datePlaceholder: 'dd/mm/aaaa',
  timePlaceholder: 'hh:mm',
  openCalendar: 'Abrir calendário',
  discardQuestion: 'Descartar alterações?',
  discardDescription: 'O que foi digitado neste formulário será perdido.',
  discard: 'Descartar',
  keepEditing: 'Continuar editando',
} as const;

/** Sidebar entries (§2 Shared layout). */
export const navigationMessages = {
  dashboard: 'Dashboard',
  patients: 'Pacientes',
  reports: 'Relatórios',
  audit: 'Auditoria',
  users: 'Usuários',
  accessKeys: 'Chaves de Acesso',
} as const;
