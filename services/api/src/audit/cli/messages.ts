/** Every text `npm run audit` prints, in Brazilian Portuguese. */
export const auditCliMessages = {
  help: `Auditoria do Bari Care: verificação do log de eventos encadeado por hash.

Uso:
  npm run audit -- verify [--expect-head <posição>:<hash>]
      Recalcula o hash de cada evento a partir do seu conteúdo e do hash anterior,
      informa o primeiro elo quebrado (com sua posição) e imprime a posição e o hash
      do último evento, para que um administrador os anote. Confere também que o log
      ainda contém, com o mesmo hash, o último evento de cada verificação íntegra
      anterior e o informado em --expect-head (anotado fora do servidor): assim se
      descobre a remoção de eventos do fim ou uma cadeia recalculada depois de uma
      alteração. Sai com 1 se a cadeia estiver quebrada.

  npm run audit -- --help
      Mostra esta ajuda.`,
  usage: 'Comando desconhecido. Use "npm run audit -- verify" ou "npm run audit -- --help".',
  badExpectedHead:
    'Valor inválido para --expect-head: use <posição>:<hash>, como impresso por uma verificação anterior (por exemplo 1520:3f9a…, com os 64 caracteres do hash).',
  emptyLog: 'O log de eventos está vazio: nada a verificar.',
  intact: (checked: number) => `Cadeia íntegra: ${checked} eventos verificados.`,
  broken: (position: string, checked: number) =>
    `Cadeia QUEBRADA na posição ${position} (após ${checked - 1} eventos íntegros): o evento foi alterado, ou um evento logo antes dele foi removido.`,
  anchorMissing: (position: string, since: string) =>
    `Cadeia QUEBRADA: o evento da posição ${position}, ${since}, não está mais no log: eventos foram removidos.`,
  anchorDifferent: (position: string, since: string) =>
    `Cadeia QUEBRADA: o hash do evento da posição ${position} mudou desde ${since}: algum evento até essa posição foi alterado e os hashes seguintes, recalculados.`,
  anchorSince: (verifiedAt: string | null) =>
    verifiedAt === null
      ? 'o valor informado em --expect-head'
      : `a verificação de ${new Date(verifiedAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}`,
  head: (position: string, hash: string) => `Último evento: posição ${position}, hash ${hash}`,
  eventStoreDb: 'A verificação por hash existe apenas no armazenamento PostgreSQL de eventos.',
} as const;
