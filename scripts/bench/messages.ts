/** Every text `npm run bench` prints, in Brazilian Portuguese, to review in one place. */

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const ms = (value: number) => `${decimal.format(value)} ms`;

export const messages = {
  help: `Benchmark do Bari Care: sobe a aplicação como em produção (PostgreSQL embutido, num
diretório temporário), cadastra pacientes pela API HTTP e mede reconstrução das projeções,
gravação de eventos, comandos e consultas.

Uso:
  npm run bench [-- opções]

Opções:
  --patients <n>      pacientes cadastrados antes das medições (padrão 20000)
  --seed <n>          semente dos dados gerados; a mesma semente gera os mesmos dados (padrão 1)
  --duration <s>      segundos de cada medição HTTP e de gravação (padrão 10)
  --warmup <s>        segundos da mesma carga antes de cada medição de leitura, sem contar (padrão 3)
  --clients <n>       clientes HTTP paralelos no cadastro inicial (padrão 12)
  --http-clients <n>  clientes concorrentes nas medições HTTP (padrão 32)
  --out <arquivo>     onde gravar os resultados (padrão bench/results/latest.json)
  --log-level <nível> nível de log da aplicação (padrão info, como em produção)
  --help              mostra esta ajuda`,
  usageHint: 'Use "npm run bench -- --help" para ver as opções.',
  starting: 'Subindo a aplicação (PostgreSQL embutido, diretório temporário)...',
  seeding: (patients: number, clients: number) =>
    `Cadastrando ${integer.format(patients)} pacientes pela API (${clients} clientes)...`,
  seedProgressFormat:
    '  {bar} {percentage}% | {value}/{total} pacientes | {rate} pacientes/s | {duration_formatted}',
  seeded: (seconds: number, requests: number) =>
    `  Cadastro concluído em ${decimal.format(seconds)} s (${integer.format(requests)} requisições).`,
  settling: 'Acomodando o banco antes de medir (VACUUM ANALYZE)...',
  rebuilding: 'Reconstruindo todas as projeções (npm run projections -- rebuild --all)...',
  baseline: 'Medindo a referência: INSERT de várias linhas numa tabela com a forma de events...',
  queries: 'Medindo consultas HTTP...',
  reports: 'Medindo os relatórios em PDF e o peso da aplicação web...',
  commands: 'Medindo comandos HTTP...',
  appends: 'Medindo gravações no event store...',
  written: (file: string) => `Resultados gravados em ${file}`,
  httpFailures: (phase: 'warmup' | 'measured', request: string, errors: number, first: string | undefined) =>
    `  ${phase === 'warmup' ? 'Aquecimento de ' : ''}${request}: ${integer.format(errors)} falharam (primeira: ${first ?? 'erro de conexão'})`,
  failed: (message: string) => `Benchmark falhou: ${message}`,
  tableHeader: ['Medida', 'Vazão', 'p50', 'p95', 'p99'] as const,
  perSecond: (value: number) => `${integer.format(value)}/s`,
  ms,
  count: (value: number) => integer.format(value),
  seconds: (value: number) => `${decimal.format(value)} s`,
  megabytes: (value: number) => `${integer.format(value)} MB`,
  ratio: (value: number) => `${decimal.format(value * 100)}% da referência`,
  rows: {
    dataset: 'Pacientes / eventos',
    rebuild: 'Reconstrução (rebuild --all)',
    rebuildTime: 'Reconstrução: duração / pico de memória',
    baseline: 'Referência: INSERT de várias linhas',
    oneWriter: 'Gravação de eventos, 1 escritor',
    eightWriters: 'Gravação de eventos, 8 escritores',
    commitFloor: 'Referência: um INSERT de uma linha por transação',
    registerPatient: 'Cadastrar paciente',
    completeProcedure: 'Concluir procedimento',
    authFloor: 'GET /api/auth/user',
    patientList: 'Lista de pacientes',
    patientSearch: 'Busca de pacientes',
    patientDetail: 'Detalhe do paciente',
    statistics: 'Estatísticas',
    auditLog: 'Auditoria, primeira página',
    auditLogSearch: 'Auditoria, busca',
    municipalityReport: 'Relatório por município',
    pdfIndividual: 'PDF individual (mediana)',
    pdfMunicipal: (patients: number) => `PDF municipal, ${integer.format(patients)} pacientes (mediana)`,
    web: 'Web: painel / relatórios / planilha (brotli)',
    restingRss: 'Memória do servidor em repouso',
    seeding: 'Cadastro inicial',
    settle: 'VACUUM ANALYZE: após o cadastro / após a reconstrução',
  },
  clients: (count: number) => `${count} clientes`,
  errors: (count: number) => `${integer.format(count)} erros`,
};
