import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROCEDURE_TYPES_STREAM_ID,
  ProcedureTypeDefined,
  RequiredProceduresAssigned,
  type ProcedureType,
} from '@bari/contracts';
import { catalogue, types } from '@bari/contracts/testing';
import { loadMigrations, migrate } from '@bari/db';
import { createTestDatabase, type TestDatabase } from '@bari/db/testing';
import {
  createPostgresEventStore,
  eventStoreMigrations,
  withProcedureTypeReferences,
  type EventStore,
  type RecordedEvent,
} from '../src/index.ts';
import { testMetadata as metadata, waitUntil } from '../src/contract/test-support.ts';

const defined = (type: ProcedureType) => ({
  id: randomUUID(),
  ...ProcedureTypeDefined.create({ ...type, source: 'catalogue' }),
  metadata: metadata(),
});
const assignment = (patientId: string, assigned: readonly ProcedureType[]) => ({
  id: randomUUID(),
  ...RequiredProceduresAssigned.create({
    patientId,
    procedures: assigned.map((procedureType, index) => ({
      procedureId: randomUUID(),
      procedureType,
      scheduledDate: procedureType.scheduledMonth === null ? null : `2026-0${(index % 9) + 1}-15`,
    })),
    reason: 'registration',
  }),
  metadata: metadata(),
});
const dataOf = (events: readonly RecordedEvent[]) => events.map((event) => event.data);

let database: TestDatabase;
let raw: EventStore;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate(database.url, loadMigrations([eventStoreMigrations]));
  raw = createPostgresEventStore({ connectionString: database.url });
  store = withProcedureTypeReferences(raw);
  await store.appendToStream(PROCEDURE_TYPES_STREAM_ID, catalogue.map(defined), 'no_stream');
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

describe('assignments stored naming their types by id', () => {
  it('stores the types as ids and gives the event back whole to every reader', async () => {
    const patientId = randomUUID();
    const event = assignment(patientId, catalogue);
    await store.appendToStream(`patient-${patientId}`, [event], 'no_stream');

    const [stored] = await raw.readStream(`patient-${patientId}`);
    expect(stored!.data).toMatchObject({ procedures: expect.any(Array) });
    for (const item of (stored!.data as { procedures: Record<string, unknown>[] }).procedures) {
      expect(Object.keys(item).sort()).toEqual(['procedureId', 'procedureTypeId', 'scheduledDate']);
    }
    expect(JSON.stringify(stored!.data).length).toBeLessThan(JSON.stringify(event.data).length * 0.6);

    expect(dataOf(await store.readStream(`patient-${patientId}`))).toEqual([event.data]);
    const all = await store.readAll({ maxCount: 1_000 });
    expect(all.find((recorded) => recorded.id === event.id)?.data).toEqual(event.data);
  });

  it('expands in a process that has not seen the catalogue yet, and in a subscription', async () => {
    const patientId = randomUUID();
    const event = assignment(patientId, [types.bloodCount, types.surgeon12]);
    await store.appendToStream(`patient-${patientId}`, [event], 'no_stream');

    const fresh = withProcedureTypeReferences(raw);
    expect(dataOf(await fresh.readStream(`patient-${patientId}`))).toEqual([event.data]);

    const delivered: RecordedEvent[] = [];
    const subscription = withProcedureTypeReferences(raw).subscribeToAll({
      onEvent: (recorded) => void delivered.push(recorded),
    });
    try {
      await waitUntil(() => delivered.some((recorded) => recorded.id === event.id), 5_000);
    } finally {
      await subscription.stop();
    }
    expect(delivered.find((recorded) => recorded.id === event.id)?.data).toEqual(event.data);
  });

  it('keeps the copy of a type the log does not define, and reads old events as they are', async () => {
    const patientId = randomUUID();
    const unknown = { ...types.zinc, id: 'pre_op_lab.nao-definido' };
    const event = assignment(patientId, [unknown, types.endoscopy]);
    await store.appendToStream(`patient-${patientId}`, [event], 'no_stream');
    const [stored] = await raw.readStream(`patient-${patientId}`);
    expect((stored!.data as { procedures: unknown[] }).procedures).toEqual([
      event.data.procedures[0],
      {
        procedureId: event.data.procedures[1]!.procedureId,
        procedureTypeId: types.endoscopy.id,
        scheduledDate: null,
      },
    ]);
    expect(dataOf(await store.readStream(`patient-${patientId}`))).toEqual([event.data]);

    const old = assignment(randomUUID(), [types.creatinine]);
    await raw.appendToStream(`patient-${old.data.patientId}`, [old], 'no_stream');
    expect(dataOf(await store.readStream(`patient-${old.data.patientId}`))).toEqual([old.data]);
  });

  it('answers a retried append with its first result and refuses the same ids with other content', async () => {
    const patientId = randomUUID();
    const event = assignment(patientId, [types.bloodCount]);
    const first = await store.appendToStream(`patient-${patientId}`, [event], 'no_stream');
    expect(await store.appendToStream(`patient-${patientId}`, [event], 'no_stream')).toEqual(first);
    const changed = { ...event, data: { ...event.data, reason: 'migration' as const } };
    await expect(store.appendToStream(`patient-${patientId}`, [changed], 'no_stream')).rejects.toThrow();
  });

  it('leaves as stored an event naming a type nobody defined, for the readers to refuse', async () => {
    const patientId = randomUUID();
    const stored = {
      patientId,
      procedures: [
        { procedureId: randomUUID(), procedureTypeId: 'pre_op_lab.inexistente', scheduledDate: null },
      ],
      reason: 'registration',
    };
    await raw.appendToStream(
      `patient-${patientId}`,
      [{ id: randomUUID(), type: RequiredProceduresAssigned.type, data: stored, metadata: metadata() }],
      'no_stream',
    );
    const [read] = await store.readStream(`patient-${patientId}`);
    expect(read!.data).toEqual(stored);
    expect(RequiredProceduresAssigned.schema.safeParse({ type: read!.type, data: read!.data }).success).toBe(
      false,
    );
  });

  it('learns types only from the catalogue stream, not from a look-alike event elsewhere', async () => {
    const lookAlike = { ...types.zinc6, id: 'post_op_6mes.fora-do-catalogo' };
    await store.appendToStream(`elsewhere-${randomUUID()}`, [defined(lookAlike)], 'no_stream');
    const patientId = randomUUID();
    const event = assignment(patientId, [lookAlike]);
    await store.appendToStream(`patient-${patientId}`, [event], 'no_stream');

    const [stored] = await raw.readStream(`patient-${patientId}`);
    expect(stored!.data).toEqual(event.data);
    expect(dataOf(await withProcedureTypeReferences(raw).readStream(`patient-${patientId}`))).toEqual([
      event.data,
    ]);
  });
});
