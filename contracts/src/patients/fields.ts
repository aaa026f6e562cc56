import { z } from 'zod';
import { isValidCns, CNS_MAX_LENGTH, withoutCnsSeparators } from '../identifiers/cns.ts';
import { isValidCpf, normalizeCpf } from '../identifiers/cpf.ts';
import { onlyDigits } from '../identifiers/digits.ts';
import { MunicipalityRefSchema } from '../identifiers/municipality-ref.ts';
import { ClinicalDateInputSchema } from '../protocol/dates.ts';
import { hasUnsafeCharacters, hasVisibleContent, UNSAFE_TEXT_MESSAGE } from '../validation/safe-text.ts';
import { patientMessages as m } from './messages.ts';

/*
 * Field schemas shared by the web forms (zodResolver) and the server (the patient form itself,
 * which needs the IBGE list, is in patient-form.ts). Each one is an
 * idempotent normaliser — parsing its own output gives the same output. They validate what
 * people send (forms, requests); what was stored (events) is read with the shape-only
 * `PatientDetailsSchema`. One message per field at a time: `pipe` runs the format check only
 * once "required" has passed.
 */

export const TEXT_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 2000;

/** Required one-line text, trimmed: blank → `required`; control characters refused. */
export function requiredText(required: string, max = TEXT_MAX_LENGTH) {
  return (
    z
      .string({ required_error: required, invalid_type_error: required })
      .trim()
      .min(1, required)
      .max(max, m.textTooLong(max))
      .refine((text) => !hasUnsafeCharacters(text), UNSAFE_TEXT_MESSAGE)
      // Empty is already said by `min`: one message a field.
      .refine((text) => text === '' || hasVisibleContent(text), required)
  );
}

/**
 * Optional text, trimmed: absent, null and '' (an emptied input) all become null. Control
 * characters refused, but for tab and line breaks in `multiLine` text (notes).
 */
export function optionalText(max = TEXT_MAX_LENGTH, options: { readonly multiLine?: boolean } = {}) {
  return z
    .string()
    .trim()
    .max(max, m.textTooLong(max))
    .refine((text) => !hasUnsafeCharacters(text, options), UNSAFE_TEXT_MESSAGE)
    .nullish()
    .transform((value) => value || null);
}

/** A required `yyyy-MM-dd` date: blank → `required`, malformed → 'Data inválida'. */
export function requiredDate(
  required: string,
  date: z.ZodType<string, z.ZodTypeDef, string> = ClinicalDateInputSchema,
) {
  return z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .pipe(date);
}

/** An optional `yyyy-MM-dd` date; absent, null and '' become null. */
export const OptionalDateSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(ClinicalDateInputSchema.nullable());

/**
 * An optional identifier: trimmed and `clean`ed, blank → null, otherwise (length, then) `check`
 * (§5, protocol-catalog).
 */
function optionalIdentifier(
  check: z.ZodType<string, z.ZodTypeDef, string>,
  maxLength?: { max: number; message: string },
  clean: (value: string) => string = (value) => value,
) {
  const text = z.string().transform((value) => clean(value.trim()));
  const limited = maxLength ? text.pipe(z.string().max(maxLength.max, maxLength.message)) : text;
  return limited
    .nullish()
    .transform((value) => value || null)
    .pipe(check.nullable());
}

/** CPF: required, check digits (§5); masked or bare on input, the 11 digits on output. */
export const CpfSchema = z
  .string({ required_error: m.cpfRequired, invalid_type_error: m.cpfRequired })
  .trim()
  .min(1, m.cpfRequired)
  .pipe(z.string().refine(isValidCpf, m.cpfInvalid).transform(normalizeCpf));

/**
 * CNS: optional; typed as printed on the card ('7000 0055 5012 349') or with dots, so spaces
 * and dots are dropped before the 15-character limit and the check digits; the digits on output.
 */
export const CnsSchema = optionalIdentifier(
  z.string().refine(isValidCns, m.cnsInvalid).transform(onlyDigits),
  { max: CNS_MAX_LENGTH, message: m.cnsTooLong },
  withoutCnsSeparators,
);

/** AIH number: optional, 13 digits. A wrong check digit is only a warning (`aihCheckDigitWarning`). */
export const AihNumberSchema = optionalIdentifier(z.string().regex(/^\d{13}$/, m.aihInvalid));

/** SISREG request code: optional, 6 to 12 digits. */
export const SisregCodeSchema = optionalIdentifier(z.string().regex(/^\d{6,12}$/, m.sisregInvalid));

/** A patient id (UUID, chosen by the server at registration). */
export const PatientIdSchema = z.string().uuid();
export type PatientId = z.infer<typeof PatientIdSchema>;

/** `yyyy-MM-dd` by shape only (no calendar or range check): what a stored event may hold. */
export const StoredDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * A patient's fields as stored (events) and returned (DTOs): shapes only — strings, nulls,
 * `yyyy-MM-dd` dates. The form's rules (CPF and CNS check digits, AIH and SISREG formats,
 * the IBGE list, date order) are checked on commands (`PatientFormSchema`), never on what was
 * stored, so an event stays readable whatever a later release tightens.
 */
export const PatientDetailsSchema = z.object({
  name: z.string(),
  cpf: z.string(),
  cns: z.string().nullable(),
  municipality: MunicipalityRefSchema,
  admissionDate: StoredDateSchema,
  dischargeDate: StoredDateSchema.nullable(),
  surgeryDate: StoredDateSchema.nullable(),
  surgeryLocation: z.string(),
  surgeonName: z.string(),
  aihNumber: z.string().nullable(),
  sisregCode: z.string().nullable(),
  notes: z.string().nullable(),
});
export type PatientDetails = z.infer<typeof PatientDetailsSchema>;

/** Labels of the patient fields (§3 custom report, plus the fields that report does not list). */
export const PATIENT_FIELD_LABELS: Readonly<Record<keyof PatientDetails, string>> = {
  name: 'Nome do Paciente',
  cpf: 'CPF',
  cns: 'CNS',
  municipality: 'Município',
  admissionDate: 'Data de Internação',
  dischargeDate: 'Data de Alta',
  surgeryDate: 'Data da Cirurgia',
  surgeryLocation: 'Local da Cirurgia',
  surgeonName: 'Nome do Cirurgião',
  aihNumber: 'Número AIH',
  sisregCode: 'Código SISREG',
  notes: 'Observações',
};

/**
 * The characters a patient's name may hold, once in NFKC form: the Latin letters the report
 * PDFs' font draws (Basic Latin, Latin-1 and Latin Extended-A and B, Vietnamese), their accents
 * as combining marks, digits, spaces and the punctuation of names. The SUS registries (CPF, CNS)
 * spell names in this alphabet. Anything else printed as nothing, so the clinical PDF named a
 * blank or another patient ('محمد Ali' printed 'Ali'; a flag emoji, 'ɐ', '٣' vanished).
 */
const PRINTABLE_NAME_PART = String.raw`(?:[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF '’.,-]|[\u0300-\u036F])`;
const PRINTABLE_NAME = new RegExp(`^${PRINTABLE_NAME_PART}*$`, 'u');
/** One of the characters `nameNotPrintableMessage` names: a grapheme made of those alone. */
const PRINTABLE_NAME_CHARACTER = new RegExp(`^${PRINTABLE_NAME_PART}+$`, 'u');

/**
 * Whether a patient's name can be printed as typed (`PRINTABLE_NAME`), with at most two
 * combining marks on a letter (more spill over the rows above and below it in every list).
 */
export function isPrintableName(text: string): boolean {
  return PRINTABLE_NAME.test(text) && !/\p{M}{3,}/u.test(text);
}

/**
 * Why a name cannot be printed, in the nurse's words: naming the first character it may not
 * hold (a whole emoji or accented letter, not half of one), else the rule alone (too many marks).
 */
export function nameNotPrintableMessage(text: string): string {
  for (const { segment } of new Intl.Segmenter('pt-BR', { granularity: 'grapheme' }).segment(text)) {
    if (!PRINTABLE_NAME_CHARACTER.test(segment)) return m.nameCharacterNotPrintable(segment, codeOf(segment));
  }
  return m.nameNotPrintable;
}

/** 'U+0391' (and '+ U+…' for each character after the first, an emoji's or an accent's). */
const codeOf = (segment: string): string =>
  [...segment]
    .map((character) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' + ');

/**
 * A name in NFKC form: fullwidth letters ('Ｍａｒｉａ'), ligatures and the like become the plain
 * letters they are, which the PDFs draw and the search finds.
 */
export const compatibleForm = (text: string): string => text.normalize('NFKC');

/** Whether a name has at least two letters ('A' and '12345' are not a patient's name). */
export function hasNameLetters(text: string): boolean {
  return text === '' || (text.match(/\p{L}/gu)?.length ?? 0) >= 2;
}
