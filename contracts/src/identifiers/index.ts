export * from './digits.ts';
export * from './fold-text.ts';
export * from './cpf.ts';
export * from './cns.ts';
export * from './aih.ts';
export * from './sisreg.ts';
export * from './municipalities.ts';
export * from './municipality-ref.ts';
