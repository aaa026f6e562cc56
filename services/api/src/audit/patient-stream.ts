import { PatientEventReadSchema } from '@bari/contracts';
import type { EventStore } from '@bari/event-store';
import { patientStreamId } from '../patients/streams.ts';
import { parseOwnData } from '../shared/domain-error.ts';
import type { PatientStreamEvent } from './patient-history.ts';

/** Every event of `patient-<id>`, oldest first (empty when the patient never existed). */
export async function readPatientStream(
  eventStore: EventStore,
  patientId: string,
): Promise<PatientStreamEvent[]> {
  const recorded = await eventStore.readStream(patientStreamId(patientId));
  return recorded.map((stored) => ({
    event: parseOwnData(
      PatientEventReadSchema,
      { type: stored.type, data: stored.data },
      `event ${stored.id}`,
    ),
    revision: Number(stored.revision),
    metadata: stored.metadata,
    recordedAt: stored.createdAt,
  }));
}
