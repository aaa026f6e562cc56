export * from './test-database.ts';
export * from './free-port.ts';
