import { describe, expect, it } from 'vitest';
import { addFacets, replayFacets, type FacetRow } from './facets.ts';

const user = (label: string | null): FacetRow => ({ key: 'user:u1', kind: 'user', value: 'u1', label });
const action: FacetRow = { key: 'action:LOGIN', kind: 'action', value: 'LOGIN', label: null };

describe('the facets and terms a replay keeps', () => {
  it('given batches, then each facet once with the label of the last batch that showed it, each term once', () => {
    const memory = new Map<string, unknown>();
    const kept = replayFacets(memory);
    addFacets(kept, [user('antiga@hospital.br'), action], [{ term: 'maria' }, { term: 'hemograma' }]);
    addFacets(kept, [user('nova@hospital.br')], [{ term: 'maria' }, { term: 'joao' }]);

    // the same memory gives the same totals back
    expect(replayFacets(memory)).toBe(kept);
    expect([...kept.facets.values()]).toEqual([user('nova@hospital.br'), action]);
    expect([...kept.terms]).toEqual(['maria', 'hemograma', 'joao']);
  });
});
