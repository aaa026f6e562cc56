import { z } from 'zod';
import { defineEvent } from '../events/define-event.ts';

/*
 * A run of the administrators' maintenance ('Atualizar Procedimentos', 'Corrigir Dados de
 * Produção'), recorded once per run in the `maintenance` stream (appended with `any`), so the
 * audit trail says who ran it and when even when it changed nothing: each change it made is
 * recorded on its patient's stream besides.
 */
export const MaintenanceRan = defineEvent(
  'MaintenanceRan',
  z.object({
    operation: z.enum(['run_migration', 'fix_production_data']),
    /** Patients it changed. */
    patients: z.number().int().nonnegative(),
    /** Procedures it assigned (run_migration) or corrections it made (fix_production_data). */
    changes: z.number().int().nonnegative(),
    /** Patients it skipped: their stream unreadable or the command refused (absent before). */
    skipped: z.number().int().nonnegative().optional(),
  }),
);
export type MaintenanceRan = ReturnType<typeof MaintenanceRan.create>;

export const MAINTENANCE_STREAM_ID = 'maintenance';
