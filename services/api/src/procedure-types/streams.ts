import { PROCEDURE_TYPES_STREAM_ID, ProcedureTypeEventSchema } from '@bari/contracts';

export { PROCEDURE_TYPES_STREAM_ID };

/** `{id, eventSchema}` as the command handler (`handleCommand`) takes it. */
export const procedureTypesStream = () => ({
  id: PROCEDURE_TYPES_STREAM_ID,
  eventSchema: ProcedureTypeEventSchema,
});
