import { describe, expect, it } from 'vitest';
import { PatientFormFieldsSchema } from '../patients/patient-form.ts';
import { PatientListQuerySchema } from '../patients/dtos.ts';
import { ProcedureRegistrationFormSchema } from '../patients/commands.ts';
import { AddProcedureFormSchema } from '../protocol/commands.ts';
import { CreateUserRequestSchema } from '../identity/commands.ts';
import { UNSAFE_TEXT_MESSAGE, hasUnsafeCharacters } from './safe-text.ts';

describe('hasUnsafeCharacters (issue 10, item 2)', () => {
  it.each([
    ['NUL', 'Ma\u0000ria'],
    ['a C0 control', 'Ma\u001Bria'],
    ['a lone high surrogate', 'Maria \uD83D'],
    ['a lone low surrogate', '\uDE00 Maria'],
    ['a line feed in one-line text', 'Maria\nSilva'],
    ['a right-to-left override', '\u202Eevil'],
    ['a bidi isolate', 'Maria \u2067Silva\u2069'],
    ['a zero-width space', 'Ma\u200Bria'],
    ['a C1 control', 'Maria\u0085'],
  ])('refuses %s', (_, text) => {
    expect(hasUnsafeCharacters(text)).toBe(true);
    expect(hasUnsafeCharacters(text, { multiLine: true })).toBe(!text.includes('\n'));
  });

  it.each([
    ['a Hangul filler', '\u3164'],
    ['a blank braille pattern', '\u2800'],
    ['a soft hyphen', 'Ma\u00ADria'],
    ['a grapheme joiner', 'Maria\u034F'],
    ['a Mongolian vowel separator', '\u180E'],
    ['a private-use character', '\uE000'],
    ['a tag character', 'Maria\u{E0041}'],
    ['an Arabic letter mark', 'Hospital\u061C Zeta'],
    ['a Khmer inherent vowel', 'Hospital\u17B4 Zeta'],
    ['a Mongolian free variation selector', 'Hospital\u180B Zeta'],
    ['an interlinear annotation mark', 'Hospital\uFFF9 Zeta'],
    ['a musical formatting control', 'Hospital\u{1D173} Zeta'],
    ['a variation selector after a letter', 'Bioimpedância\uFE0F'],
    ['a variation selector after a space', 'Hospital \uFE0E'],
    ['a supplementary variation selector', 'Hospital\u{E0100} Zeta'],
    ['an inhibit symmetric swapping', 'Hospital\u206A Zeta'],
    ['a nominal digit shape', 'Hospital\u206F Zeta'],
    ['a shorthand format control', 'Hospital\u{1BCA0} Zeta'],
    ['an unassigned default-ignorable', 'Hospital\uFFF0 Zeta'],
    ['an unassigned tag', 'Hospital\u{E0080} Zeta'],
    ['marks split by an invisible one', 'Ze\u0301\u0302\u0303\u0304\u206A\u0305\u0306\u0307\u0308ta'],
    ['five combining marks on one letter', 'H\u0300\u0301\u0302\u0303\u0304'],
    ['a variation selector after a digit, not a keycap', 'Hospital 1\uFE0F Zeta'],
    ['a pile of two hundred marks', `A${'\u0336'.repeat(200)}`],
  ])('refuses %s, in one-line and multi-line text', (_, text) => {
    expect(hasUnsafeCharacters(text)).toBe(true);
    expect(hasUnsafeCharacters(text, { multiLine: true })).toBe(true);
  });

  it('refuses the Unicode line and paragraph separators in one-line text only', () => {
    for (const separator of ['\u2028', '\u2029']) {
      expect(hasUnsafeCharacters(`Maria${separator}Silva`)).toBe(true);
      expect(hasUnsafeCharacters(`linha 1${separator}linha 2`, { multiLine: true })).toBe(false);
    }
  });

  it.each([
    ['accents', 'João Conceição'],
    ['a surrogate pair (emoji)', 'Maria 😀'],
    ['an emoji presentation of a symbol', 'Atenção ⚠\uFE0F e ❤\uFE0F'],
    ['a keycap emoji', 'Passo 1\uFE0F\u20E3'],
    ['two marks on a letter (Vietnamese)', 'Nguy\u1EC5n Th\u0065\u0323\u0302'],
    ['accents typed apart from their letters', 'Conceic\u0327a\u0303o'],
  ])('accepts %s', (_, text) => expect(hasUnsafeCharacters(text)).toBe(false));

  it('lets multi-line text keep tab and line breaks, never NUL', () => {
    expect(hasUnsafeCharacters('linha 1\r\n\tlinha 2', { multiLine: true })).toBe(false);
    expect(hasUnsafeCharacters('linha\u0000', { multiLine: true })).toBe(true);
  });
});

describe('the shared text schemas refuse unsafe text', () => {
  const issueOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('takes a required field holding no letter or digit for an empty one', () => {
    const name = PatientFormFieldsSchema.shape.name;
    for (const blank of ['\u0301\u0301', '---', ' . ']) {
      expect(issueOf(name.safeParse(blank))).toBe('Nome é obrigatório');
    }
    expect(issueOf(name.safeParse('\u3164'))).toBe(UNSAFE_TEXT_MESSAGE);
    expect(name.parse('  Zoë 2  ')).toBe('Zoë 2');
    expect(issueOf(CreateUserRequestSchema.shape.firstName.safeParse('\u0301'))).toBe('Nome é obrigatório');
    // A procedure type named by marks, a symbol or dots alone names nothing either.
    for (const blank of ['\u0301\u0301', '😀', '...']) {
      expect(issueOf(AddProcedureFormSchema.shape.name.safeParse(blank))).toBe(
        'Nome do procedimento é obrigatório',
      );
    }
  });

  it('in the patient fields, the procedure forms, the procedure-type name, user names and search', () => {
    expect(issueOf(PatientFormFieldsSchema.shape.name.safeParse('Ana\u0000'))).toBe(UNSAFE_TEXT_MESSAGE);
    expect(issueOf(PatientFormFieldsSchema.shape.surgeonName.safeParse('Dr\uD800'))).toBe(
      UNSAFE_TEXT_MESSAGE,
    );
    expect(issueOf(PatientFormFieldsSchema.shape.notes.safeParse('nota\u0000'))).toBe(UNSAFE_TEXT_MESSAGE);
    expect(PatientFormFieldsSchema.shape.notes.parse('linha 1\nlinha 2')).toBe('linha 1\nlinha 2');
    expect(issueOf(ProcedureRegistrationFormSchema.shape.notes.safeParse('x\u0000'))).toBe(
      UNSAFE_TEXT_MESSAGE,
    );
    expect(issueOf(AddProcedureFormSchema.shape.name.safeParse('Exame\u0000'))).toBe(UNSAFE_TEXT_MESSAGE);
    expect(issueOf(CreateUserRequestSchema.shape.firstName.safeParse('Ana\u0001'))).toBe(UNSAFE_TEXT_MESSAGE);
    expect(issueOf(PatientListQuerySchema.safeParse({ search: 'a\u0000' }))).toBe(UNSAFE_TEXT_MESSAGE);
  });
});
