export * from './messages.ts';
export * from './fields.ts';
export * from './procedure.ts';
export * from './progress.ts';
export * from './events.ts';
export * from './commands.ts';
export * from './patient-form.ts';
export * from './dtos.ts';
