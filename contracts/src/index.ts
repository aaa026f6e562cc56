export * from './events/metadata.ts';
export * from './events/define-event.ts';
