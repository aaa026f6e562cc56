import { describe, expect, it } from 'vitest';
import { PatientListQuerySchema } from '@bari/contracts';
import { listAccessOf } from './list-access.ts';

describe('the access a page of the patient list records', () => {
  it('is a search, with the text and the page, when something was searched', () => {
    expect(listAccessOf(PatientListQuerySchema.parse({ search: 'maria', page: '2' }))).toEqual({
      action: 'SEARCH_PATIENTS',
      parameters: { search: 'maria', status: null, sort: 'name', direction: null, page: '2', pageSize: '50' },
    });
  });

  it("says so when it is the patient form's check of a CPF or CNS typed, not a search shown", () => {
    const check = { search: '39053344705', pageSize: '5', purpose: 'identifier_check' };
    expect(listAccessOf(PatientListQuerySchema.parse(check)).parameters).toMatchObject({
      search: '39053344705',
      purpose: 'identifier_check',
    });
    expect(() => PatientListQuerySchema.parse({ ...check, purpose: 'curiosidade' })).toThrow();
    // Only a whole CPF or CNS: a name searched under that label would read as a check.
    for (const search of ['maria', '390533447', '39053344706', undefined]) {
      expect(() => PatientListQuerySchema.parse({ ...check, search }), String(search)).toThrow(
        'A conferência de CPF/CNS pede um CPF ou CNS completo, só com algarismos.',
      );
    }
    expect(PatientListQuerySchema.parse({ ...check, search: '162709345180001' }).purpose).toBe(
      'identifier_check',
    );
  });

  it('is a listing of the page otherwise: every page shows patients’ records', () => {
    expect(
      listAccessOf(PatientListQuerySchema.parse({ status: 'pre_op', pageSize: '200', sort: 'progress' })),
    ).toEqual({
      action: 'LIST_PATIENTS',
      parameters: { status: 'pre_op', sort: 'progress', direction: null, page: '1', pageSize: '200' },
    });
  });
});
