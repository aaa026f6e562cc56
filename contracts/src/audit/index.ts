export * from './actions.ts';
export * from './events.ts';
export * from './values.ts';
export * from './dtos.ts';
export * from './classify.ts';
