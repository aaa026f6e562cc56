export * from './values.ts';
export * from './messages.ts';
export * from './commands.ts';
export * from './dtos.ts';
export * from './events.ts';
