import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

describe('createLogger', () => {
  it('redacts secrets and the bound values of failed queries, keeping the SQL', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const queryError = Object.assign(new Error('duplicate key'), {
      sql: 'select * from access_keys where key_hash = $1',
      values: ['9f86d081884c7d659a2feaa0c55ad015'],
    });
    logger.error({ err: queryError, accessKey: 'segredo-123', body: { accessKey: 'segredo-456' } }, 'falhou');
    const text = lines.join('');
    expect(text).not.toContain('9f86d081884c7d659a2feaa0c55ad015');
    expect(text).not.toContain('segredo-123');
    expect(text).not.toContain('segredo-456');
    expect(text).toContain('select * from access_keys where key_hash = $1');
  });
});
