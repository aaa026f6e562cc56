export * from './messages.ts';
export * from './fields.ts';
export * from './queries.ts';
export * from './dtos.ts';
export * from './author.ts';
