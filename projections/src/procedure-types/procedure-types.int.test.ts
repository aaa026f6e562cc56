import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CATALOGUE, ProcedureTypeDefined } from '@bari/contracts';
import { startProjectionHarness, type ProjectionHarness } from '../../test/support/projection-harness.ts';
import { rebuildProjection } from '../runner/rebuild.ts';
import { procedureTypesProjection } from './projection.ts';
import { createProcedureTypeQueries } from './queries.ts';

let harness: ProjectionHarness;

beforeEach(async () => {
  harness = await startProjectionHarness([procedureTypesProjection]);
});

afterEach(() => harness.close());

const staffType = {
  id: randomUUID(),
  name: 'Bioimpedância',
  category: 'post_op_3mes',
  phase: 'post_operative',
  isRequired: false,
  scheduledMonth: 3,
} as const;

const given = (events: readonly ProcedureTypeDefined[]) => harness.given('procedure-types', events);

describe('procedure-types projection', { timeout: 60_000 }, () => {
  it('given the catalogue and a staff type, then every type is listed in definition order', async () => {
    await given(
      PROTOCOL_CATALOGUE.map((type) => ProcedureTypeDefined.create({ ...type, source: 'catalogue' })),
    );
    await given([ProcedureTypeDefined.create({ ...staffType, source: 'staff' })]);

    const queries = createProcedureTypeQueries(harness.pool);
    expect(await queries.list()).toEqual([...PROTOCOL_CATALOGUE, staffType]);
    expect(await queries.byId(staffType.id)).toEqual(staffType);
    expect(await queries.byId('pre_op_lab.nao-existe')).toBeNull();
  });

  it('rebuilds into the same rows', async () => {
    await given(
      PROTOCOL_CATALOGUE.map((type) => ProcedureTypeDefined.create({ ...type, source: 'catalogue' })),
    );
    await given([ProcedureTypeDefined.create({ ...staffType, source: 'staff' })]);
    const before = await createProcedureTypeQueries(harness.pool).list();

    const { eventStore, pool, runner } = harness;
    await runner.stop();
    await rebuildProjection({ eventStore, pool, projection: procedureTypesProjection });

    expect(await createProcedureTypeQueries(harness.pool).list()).toEqual(before);
  });
});
