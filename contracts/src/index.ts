export * from './events/metadata.ts';
export * from './events/define-event.ts';
export * from './identity/login.ts';
export * from './validation/pt-br-error-map.ts';
export * from './identity/index.ts';
export * from './identifiers/index.ts';
export * from './protocol/index.ts';
export * from './patients/index.ts';
