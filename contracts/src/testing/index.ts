export * from './patients.ts';
