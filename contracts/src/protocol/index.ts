export * from './dates.ts';
export * from './categories.ts';
export * from './intervals.ts';
export * from './procedure-type.ts';
export * from './catalogue.ts';
export * from './events.ts';
export * from './commands.ts';
