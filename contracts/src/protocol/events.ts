import { z } from 'zod';
import { defineEvent } from '../events/define-event.ts';
import { ProcedureTypeSchema } from './procedure-type.ts';

/*
 * The procedure-type catalogue is one stream (`procedure-types`): a name is unique within its
 * category, which one stream's revision can guarantee. Types are never changed or removed,
 * so a patient's procedures may carry a copy of their type.
 */

/** The catalogue's stream (one, so a name is unique within its category). */
export const PROCEDURE_TYPES_STREAM_ID = 'procedure-types';

export const ProcedureTypeDefined = defineEvent(
  'ProcedureTypeDefined',
  ProcedureTypeSchema.extend({
    /** `catalogue`: defined by initialization from the protocol; `staff`: added from a patient page. */
    source: z.enum(['catalogue', 'staff']),
  }),
);
export type ProcedureTypeDefined = ReturnType<typeof ProcedureTypeDefined.create>;

export const procedureTypeEvents = [ProcedureTypeDefined] as const;
export const ProcedureTypeEventSchema = ProcedureTypeDefined.schema;
export type ProcedureTypeEvent = ProcedureTypeDefined;
