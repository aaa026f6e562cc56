/** Every text `npm run audit` prints, in Brazilian Portuguese. */
export const auditCliMessages = {
  help: `Auditoria do Bari Care: verificação do log de eventos encadeado por hash.

Uso:
  npm run audit -- verify
      Recalcula o hash de cada evento a partir do seu conteúdo e do hash anterior,
      informa o primeiro elo quebrado (com sua posição) e imprime a posição e o hash
      do último evento, para que um administrador os anote. Sai com 1 se a cadeia
      estiver quebrada.

  npm run audit -- --help
      Mostra esta ajuda.`,
  usage: 'Comando desconhecido. Use "npm run audit -- verify" ou "npm run audit -- --help".',
  emptyLog: 'O log de eventos está vazio: nada a verificar.',
  intact: (checked: number) => `Cadeia íntegra: ${checked} eventos verificados.`,
  broken: (position: string, checked: number) =>
    `Cadeia QUEBRADA na posição ${position} (após ${checked - 1} eventos íntegros): o evento foi alterado.`,
  head: (position: string, hash: string) => `Último evento: posição ${position}, hash ${hash}`,
  eventStoreDb: 'A verificação por hash existe apenas no armazenamento PostgreSQL de eventos.',
} as const;
