import { describe, expect, it } from 'vitest';
import { parseArguments } from './arguments.ts';

const known = ['users', 'patients', 'audit'];

describe('parseArguments', () => {
  it.each([[['--help']], [['-h']], [['rebuild', '--help']], [['status', 'ajuda']]])(
    '%j asks for help',
    (argv) => {
      expect(parseArguments(argv, known)).toEqual({ kind: 'help' });
    },
  );

  it('reads status', () => {
    expect(parseArguments(['status'], known)).toEqual({ kind: 'status' });
  });

  it('rebuilds the named projections, in registry order, once each', () => {
    expect(parseArguments(['rebuild', 'audit'], known)).toEqual({ kind: 'rebuild', names: ['audit'] });
    expect(parseArguments(['rebuild', 'audit', 'users', 'audit'], known)).toEqual({
      kind: 'rebuild',
      names: ['users', 'audit'],
    });
  });

  it('rebuilds every projection with --all', () => {
    expect(parseArguments(['rebuild', '--all'], known)).toEqual({ kind: 'rebuild', names: known });
    expect(parseArguments(['rebuild', '--all'], [])).toEqual({ kind: 'rebuild', names: [] });
  });

  it.each([
    [[], 'Informe um comando'],
    [['rebuild'], 'Informe o nome da projeção'],
    [
      ['rebuild', 'patient'],
      'Projeção desconhecida: "patient". Projeções registradas: "users", "patients", "audit".',
    ],
    [['rebuild', '--all', 'users'], 'não os dois'],
    [['rebuild', '--force'], 'Opção desconhecida: "--force"'],
    [['status', 'users'], 'Argumentos inesperados: "users"'],
    [['replay'], 'Comando desconhecido: "replay"'],
  ])('%j is a usage error', (argv, message) => {
    const command = parseArguments(argv, known);
    expect(command.kind).toBe('usage-error');
    expect(command.kind === 'usage-error' && command.message).toContain(message);
  });

  it('says when no projection is registered', () => {
    expect(parseArguments(['rebuild', 'users'], [])).toEqual({
      kind: 'usage-error',
      message: 'Projeção desconhecida: "users". Nenhuma projeção está registrada.',
    });
  });
});
