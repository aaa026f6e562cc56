import { ProcedureTypeEventSchema } from '@bari/contracts';

/** The catalogue of procedure types: one stream, so a name is unique within its category. */
export const PROCEDURE_TYPES_STREAM_ID = 'procedure-types';

/** `{id, eventSchema}` as the command handler (`handleCommand`) takes it. */
export const procedureTypesStream = () => ({
  id: PROCEDURE_TYPES_STREAM_ID,
  eventSchema: ProcedureTypeEventSchema,
});
