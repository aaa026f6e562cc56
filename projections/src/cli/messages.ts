/** Every text the projections CLI prints, in Brazilian Portuguese, to review in one place. */

const list = (items: readonly string[]): string => items.map((item) => `"${item}"`).join(', ');
const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});
const neverApplied = '(nenhum evento)';

export const messages = {
  help: `Projeções do Bari Care: os modelos de leitura construídos a partir dos eventos.

Uso:
  npm run projections -- status
      Lista cada projeção com seu checkpoint (posição do último evento aplicado)
      e seu atraso: quantos eventos do log ainda não foram aplicados.

  npm run projections -- rebuild <nome> [<nome> ...]
  npm run projections -- rebuild --all
      Reconstrói a projeção (ou todas) desde o primeiro evento em tabelas novas e,
      ao final, troca-as pelas atuais numa única transação. A API continua atendendo
      com as tabelas atuais durante a reconstrução. Mostra uma barra de progresso
      com eventos por segundo e termina com a contagem de eventos.

  npm run projections -- --help
      Mostra esta ajuda.

Banco de dados: DATABASE_URL, ou o PostgreSQL embutido em ./.data.
Códigos de saída: 0 sucesso, 1 falha, 2 uso incorreto.`,
  usageHint: 'Use "npm run projections -- --help" para ver os comandos.',
  missingCommand: 'Informe um comando: status ou rebuild.',
  unknownCommand: (command: string) => `Comando desconhecido: "${command}".`,
  unexpected: (rest: readonly string[]) => `Argumentos inesperados: ${list(rest)}.`,
  unknownOption: (option: string) => `Opção desconhecida: "${option}".`,
  allWithNames: 'Use --all ou nomes de projeções, não os dois.',
  missingProjection: 'Informe o nome da projeção a reconstruir, ou --all.',
  unknownProjections: (unknown: readonly string[], known: readonly string[]) =>
    `Projeção desconhecida: ${list(unknown)}. ` +
    (known.length > 0 ? `Projeções registradas: ${list(known)}.` : 'Nenhuma projeção está registrada.'),
  noProjections: 'Nenhuma projeção registrada.',
  statusHeader: ['Projeção', 'Checkpoint', 'Atraso (eventos)', 'Atualizado em', 'Erro'] as const,
  statusRow: (checkpoint: string | null, lag: number, updatedAt: Date | null, error: string | null) =>
    [
      checkpoint ?? neverApplied,
      integer.format(lag),
      updatedAt ? dateTime.format(updatedAt) : '-',
      error ?? '-',
    ] as const,
  rebuilding: (names: readonly string[]) =>
    names.length === 1
      ? `Reconstruindo a projeção "${names[0]}"...`
      : `Reconstruindo as projeções ${list(names)} numa só leitura do log...`,
  buildingIndexes: '  Criando os índices das tabelas novas...',
  progressFormat: '  {bar} {percentage}% | {events} eventos | {rate} eventos/s | {duration_formatted}',
  rate: (perSecond: number) => integer.format(perSecond),
  count: (value: number) => integer.format(value),
  catchingUp: '  Aplicando os últimos eventos e trocando as tabelas...',
  rebuilt: (name: string, events: number, handled: number, seconds: number) =>
    `Projeção "${name}" reconstruída: ${integer.format(events)} eventos lidos, ` +
    `${integer.format(handled)} aplicados, em ${decimal.format(seconds)} s ` +
    `(${integer.format(seconds > 0 ? events / seconds : events)} eventos/s).`,
  rebuiltAll: (count: number, events: number, seconds: number) =>
    `${integer.format(count)} projeções reconstruídas: ${integer.format(events)} eventos lidos ` +
    `em ${decimal.format(seconds)} s (${integer.format(seconds > 0 ? events / seconds : events)} eventos/s).`,
  rebuildInProgress: (name: string) =>
    `A projeção "${name}" já está sendo reconstruída por outro processo. Tente novamente quando ele terminar.`,
  failure: (detail: string) => `Falha: ${detail}`,
} as const;
