import { z } from 'zod';

/**
 * Declares one event type: its name (versioned by name, e.g. `PatientRegistered` then
 * `PatientRegistered.v2`) and the zod schema of its data. Stored events are parsed with the
 * schema on read, so a projector never sees an event whose shape it does not know.
 */
export function defineEvent<const Type extends string, Data extends z.ZodTypeAny>(type: Type, data: Data) {
  const schema = z.object({ type: z.literal(type), data });
  return {
    type,
    data,
    schema,
    /** Builds the `{type, data}` pair to append, validating the data. */
    create: (value: z.input<Data>): { type: Type; data: z.output<Data> } => ({
      type,
      data: data.parse(value),
    }),
  };
}
export type EventDefinition = ReturnType<typeof defineEvent<string, z.ZodTypeAny>>;
