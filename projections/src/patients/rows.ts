import { z } from 'zod';
import {
  PhaseSchema,
  ProcedureCategorySchema,
  ProcedureStatusSchema,
  ProcedureTypeIdSchema,
  type PatientDto,
  type ProcedureRecord,
} from '@bari/contracts';
import { selectList } from '../shared/columns.ts';
import { PATIENT_COLUMNS, PROCEDURE_COLUMNS } from './columns.ts';

/*
 * Row shapes of the patients read model as its queries select them (`sql.type`), each
 * transformed into the contract's shape, so the result-parser interceptor hands the queries
 * ready DTO parts and a drifted table fails loudly.
 */

const nullableText = z.string().nullable();
/*
 * Ids and dates as PostgreSQL's `uuid` and `date` columns hand them over: the column types
 * already guarantee them, and every answer built from these rows is checked against the
 * contract (`respond`), which validates them once more. Checking them here too doubled the
 * cost of reading a patient (93 procedures) for nothing.
 */
const storedId = z.string();
const storedDate = z.string();
const nullableDate = storedDate.nullable();

/** Selected with `patientColumns`. */
export const PatientRowSchema = z
  .object({
    id: storedId,
    version: z.number().int(),
    // timestamptz arrives as epoch milliseconds (slonik's parser)
    registeredAt: z.number(),
    name: z.string(),
    cpf: z.string(),
    cns: nullableText,
    municipalityIbgeCode: z.string(),
    municipalityName: z.string(),
    municipalityUf: z.string(),
    admissionDate: storedDate,
    dischargeDate: nullableDate,
    surgeryDate: nullableDate,
    surgeryLocation: z.string(),
    surgeonName: z.string(),
    aihNumber: nullableText,
    sisregCode: nullableText,
    notes: nullableText,
    totalProcedures: z.number().int(),
    completedProcedures: z.number().int(),
    requiredProcedures: z.number().int(),
    completedRequiredProcedures: z.number().int(),
  })
  .transform(
    ({
      registeredAt,
      municipalityIbgeCode,
      municipalityName,
      municipalityUf,
      totalProcedures,
      completedProcedures,
      requiredProcedures,
      completedRequiredProcedures,
      ...fields
    }) => ({
      patient: {
        ...fields,
        registeredAt: new Date(registeredAt).toISOString(),
        municipality: { ibgeCode: municipalityIbgeCode, name: municipalityName, uf: municipalityUf },
      } satisfies PatientDto,
      counts: { totalProcedures, completedProcedures, requiredProcedures, completedRequiredProcedures },
    }),
  );
export type PatientRow = z.output<typeof PatientRowSchema>;

export const patientColumns = selectList(PATIENT_COLUMNS, [
  'searchName',
  'searchMunicipality',
  'assignedProcedures',
]);

/** Selected with `procedureColumns`. */
export const ProcedureRowSchema = z
  .object({
    id: storedId,
    patientId: storedId,
    procedureTypeId: ProcedureTypeIdSchema,
    typeName: z.string(),
    typeCategory: ProcedureCategorySchema,
    typePhase: PhaseSchema,
    typeIsRequired: z.boolean(),
    typeScheduledMonth: z.number().int().nullable(),
    status: ProcedureStatusSchema,
    scheduledDate: nullableDate,
    completedDate: nullableDate,
    location: nullableText,
    professionalName: nullableText,
    notes: nullableText,
  })
  .transform(
    ({
      typeName,
      typeCategory,
      typePhase,
      typeIsRequired,
      typeScheduledMonth,
      ...fields
    }): ProcedureRecord => ({
      ...fields,
      procedureType: {
        id: fields.procedureTypeId,
        name: typeName,
        category: typeCategory,
        phase: typePhase,
        isRequired: typeIsRequired,
        scheduledMonth: typeScheduledMonth,
      },
    }),
  );

export const procedureColumns = selectList(PROCEDURE_COLUMNS, ['ordinal']);
