import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './audit-filters.tsx';
import { dateErrors, queryOf } from './audit-query.ts';

const VALID = { from: false, to: false };

describe('dateErrors', () => {
  it("says 'De' after 'Até' at 'Até', with the reports' message", () => {
    expect(dateErrors({ ...NO_FILTERS, from: '2026-03-10', to: '2026-03-01' }, VALID)).toEqual({
      to: 'A data inicial não pode ser posterior à data final.',
    });
  });

  it('says an impossible date at its field', () => {
    expect(dateErrors(NO_FILTERS, { from: true, to: false })).toEqual({ from: 'Data inválida' });
    expect(dateErrors({ ...NO_FILTERS, from: '2026-03-10' }, { from: false, to: true })).toEqual({
      to: 'Data inválida',
    });
  });

  it('finds nothing wrong with one day, an open end or no period', () => {
    expect(dateErrors({ ...NO_FILTERS, from: '2026-03-10', to: '2026-03-10' }, VALID)).toEqual({});
    expect(dateErrors({ ...NO_FILTERS, to: '2026-03-01' }, VALID)).toEqual({});
    expect(dateErrors(NO_FILTERS, VALID)).toEqual({});
  });
});

describe('queryOf', () => {
  it("filters whole days on São Paulo's clock, as the entries' times are shown", () => {
    const query = queryOf({ ...NO_FILTERS, from: '2026-03-01', to: '2026-03-10' }, 1);
    expect([query.from, query.to]).toEqual(['2026-03-01T03:00:00.000Z', '2026-03-11T02:59:59.999Z']);
  });
});
