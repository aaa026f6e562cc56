export * from './patients.ts';
export * from './random.ts';
