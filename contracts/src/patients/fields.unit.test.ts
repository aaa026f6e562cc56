import { describe, expect, it } from 'vitest';
import { PatientDetailsSchema } from './fields.ts';
import { PatientFormSchema } from './patient-form.ts';

const validForm = {
  name: '  Maria da Silva ',
  cpf: '390.533.447-05',
  cns: '162709345180001',
  municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
  admissionDate: '2025-01-10',
  dischargeDate: '',
  surgeryDate: '2025-01-12',
  surgeryLocation: 'Hospital Geral',
  surgeonName: 'Dr. João',
  aihNumber: '3525100001236',
  sisregCode: '123456789',
  notes: '',
};

/** The messages of a parse, field by field. */
function messages(value: unknown): Record<string, string[]> {
  const result = PatientFormSchema.safeParse(value);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('PatientFormSchema', () => {
  it('given a valid form, then it normalises: trimmed text, CPF digits, blanks to null', () => {
    expect(PatientFormSchema.parse(validForm)).toEqual({
      name: 'Maria da Silva',
      cpf: '39053344705',
      cns: '162709345180001',
      municipality: { ibgeCode: '2927408', name: 'Salvador', uf: 'BA' },
      admissionDate: '2025-01-10',
      dischargeDate: null,
      surgeryDate: '2025-01-12',
      surgeryLocation: 'Hospital Geral',
      surgeonName: 'Dr. João',
      aihNumber: '3525100001236',
      sisregCode: '123456789',
      notes: null,
    });
  });

  it('given a name the PDFs cannot print (another alphabet, an emoji, stacked marks), then it is refused, naming what', () => {
    const rule =
      'Escreva-o com letras do alfabeto latino, como no CPF e no Cartão SUS (sem emojis nem outros alfabetos).';
    for (const [name, character, code] of [
      ['王小明', '王', 'U+738B'],
      ['محمد Ali', 'م', 'U+0645'],
      ['Ana 😀', '😀', 'U+1F600'],
      ['Maria Silva 🇧🇷', '🇧🇷', 'U+1F1E7 + U+1F1F7'],
      ['Maria 1\uFE0F\u20E3 Silva', '1\uFE0F\u20E3', 'U+0031 + U+FE0F + U+20E3'],
      ['Mɐria ꞵeta', 'ɐ', 'U+0250'],
      ['Ana。Silva', '。', 'U+3002'],
      ['Maria ٣ Silva', '٣', 'U+0663'],
      ['Ма́рия', 'М', 'U+041C'],
      ['Francisco Júnior (Chico)', '(', 'U+0028'],
      ['João “Joca” Lima', '“', 'U+201C'],
      ['Αna Lima', 'Α', 'U+0391'],
    ]) {
      expect(messages({ ...validForm, name }), name).toEqual({
        name: [`O nome não pode ter o caractere «${character}» (${code}). ${rule}`],
      });
    }
    // Every character allowed, but three accents on one letter: the rule alone.
    expect(messages({ ...validForm, name: 'Ana Lu\u0301\u0301\u0301\u0301cia' })).toEqual({
      name: [
        'Escreva o nome com letras do alfabeto latino, como no CPF e no Cartão SUS (sem emojis nem outros alfabetos).',
      ],
    });
    for (const name of ['A', '12345', 'B 1']) {
      expect(messages({ ...validForm, name }), name).toEqual({
        name: ['Informe o nome do paciente (ao menos duas letras).'],
      });
    }
    for (const name of [
      "João D'Ávila-Souza",
      'Ñandú Çé Zoë',
      'Lu\u0301cia',
      'Jo',
      'Nguyễn Thị Hương',
      'Yıldız Weiß',
    ]) {
      expect(messages({ ...validForm, name }), name).toEqual({});
    }
    // Fullwidth letters are the plain ones they stand for: stored as such, printed and found.
    expect(PatientFormSchema.parse({ ...validForm, name: 'Ｍａｒｉａ Silva' }).name).toBe('Maria Silva');
  });

  it('given only the required fields, then the optional ones are null', () => {
    const parsed = PatientFormSchema.parse({
      name: 'Ana',
      cpf: '71460285859',
      municipality: { ibgeCode: '3550308', name: 'São Paulo', uf: 'SP' },
      admissionDate: '2025-01-10',
      surgeryLocation: 'HC',
      surgeonName: 'Dra. Beatriz',
    });
    expect(parsed).toMatchObject({
      cns: null,
      dischargeDate: null,
      surgeryDate: null,
      aihNumber: null,
      sisregCode: null,
      notes: null,
    });
  });

  it('given an empty form, then every required field has its §5 message, one each', () => {
    expect(messages({ name: '', cpf: '', admissionDate: '', surgeryLocation: ' ', surgeonName: '' })).toEqual(
      {
        name: ['Nome é obrigatório'],
        cpf: ['CPF é obrigatório'],
        municipality: ['Município é obrigatório'],
        admissionDate: ['Data da internação é obrigatória'],
        surgeryLocation: ['Local da cirurgia é obrigatório'],
        surgeonName: ['Nome do cirurgião é obrigatório'],
      },
    );
  });

  it('given missing keys, then the same messages', () => {
    expect(Object.values(messages({})).flat()).toEqual([
      'Nome é obrigatório',
      'CPF é obrigatório',
      'Município é obrigatório',
      'Data da internação é obrigatória',
      'Local da cirurgia é obrigatório',
      'Nome do cirurgião é obrigatório',
    ]);
  });

  it.each([
    ['cpf', '390.533.447-06', 'CPF inválido'],
    ['cpf', '111.111.111-11', 'CPF inválido'],
    ['cpf', '3905334470', 'CPF inválido'],
    ['cns', '162709345180002', 'CNS inválido'],
    ['cns', '302401836509216', 'CNS inválido'],
    ['cns', '1627093451800011', 'CNS deve ter no máximo 15 caracteres'],
    ['aihNumber', '352510000123', 'Número AIH deve ter 13 dígitos'],
    ['aihNumber', '352510000123X', 'Número AIH deve ter 13 dígitos'],
    ['sisregCode', '12345', 'Código SISREG inválido'],
    ['sisregCode', '12345a', 'Código SISREG inválido'],
    ['admissionDate', '10/01/2025', 'Data inválida'],
    ['surgeryDate', '2025-02-30', 'Data inválida'],
    ['dischargeDate', 'amanhã', 'Data inválida'],
    ['municipality', { ibgeCode: '9999999', name: 'Atlântida', uf: 'SP' }, 'Município inválido'],
  ])('given %s = %j, then "%s"', (field, value, message) => {
    expect(messages({ ...validForm, [field]: value })).toEqual({ [field]: [message] });
  });

  it('accepts an AIH number whose check digit is wrong (a warning, not a refusal)', () => {
    expect(PatientFormSchema.parse({ ...validForm, aihNumber: '3525100001237' }).aihNumber).toBe(
      '3525100001237',
    );
  });

  it('accepts provisional CNS numbers', () => {
    expect(PatientFormSchema.parse({ ...validForm, cns: '898317624051701' }).cns).toBe('898317624051701');
  });

  it.each([
    ['dischargeDate', { dischargeDate: '2025-01-09' }, 'A data da alta não pode ser anterior à internação.'],
    ['surgeryDate', { surgeryDate: '2025-01-09' }, 'A data da cirurgia não pode ser anterior à internação.'],
  ])(
    'given %s before the admission date (2025-01-10), then its message under that field',
    (field, dates, message) => {
      expect(messages({ ...validForm, ...dates })).toEqual({ [field]: [message] });
    },
  );

  it.each([
    [{ admissionDate: '2026-02-30', surgeryDate: '2026-01-12' }, { admissionDate: ['Data inválida'] }],
    [
      { admissionDate: '2026-01-10', surgeryDate: '2026-01-12', dischargeDate: '2026-02-30' },
      { dischargeDate: ['Data inválida'] },
    ],
    [
      { admissionDate: '2026-01-10', surgeryDate: '2026-13-01', dischargeDate: '2026-01-12' },
      { surgeryDate: ['Data inválida'] },
    ],
  ])(
    'given a date that is no day (%j), then only "Data inválida", the others not compared with it',
    (dates, expected) => {
      expect(messages({ ...validForm, ...dates })).toEqual(expected);
    },
  );

  it('refuses a discharge before the surgery date, under the discharge date', () => {
    const dates = { admissionDate: '2025-01-10', surgeryDate: '2025-01-15', dischargeDate: '2025-01-12' };
    expect(messages({ ...validForm, ...dates })).toEqual({
      dischargeDate: ['A data da alta não pode ser anterior à data da cirurgia.'],
    });
    expect(PatientFormSchema.safeParse({ ...validForm, ...dates, dischargeDate: '2025-01-15' }).success).toBe(
      true,
    );
  });

  it.each([
    ['7000 0055 5012 349', '700000555012349'],
    ['7000.0055.5012.349', '700000555012349'],
    ['7000-0055-5012-349', '700000555012349'],
    ['7000/0055/5012/349', '700000555012349'],
    [' 1627 0934 5180 001 ', '162709345180001'],
  ])('accepts the CNS %j typed as printed, and keeps its digits', (typed, digits) => {
    expect(PatientFormSchema.parse({ ...validForm, cns: typed }).cns).toBe(digits);
  });

  it('still refuses a CNS with letters or a wrong check digit once the spaces are gone', () => {
    expect(messages({ ...validForm, cns: '7000 0055 5012 348' })).toEqual({ cns: ['CNS inválido'] });
    expect(messages({ ...validForm, cns: '7000 0055 5012 34A' })).toEqual({ cns: ['CNS inválido'] });
  });

  it('accepts discharge and surgery on the admission day, and after it', () => {
    const sameDay = { ...validForm, dischargeDate: '2025-01-10', surgeryDate: '2025-01-10' };
    expect(PatientFormSchema.safeParse(sameDay).success).toBe(true);
    expect(PatientFormSchema.safeParse({ ...validForm, dischargeDate: '2025-02-01' }).success).toBe(true);
  });

  it('is idempotent: its output parses to itself (events and responses reuse it)', () => {
    const once = PatientFormSchema.parse(validForm);
    expect(PatientFormSchema.parse(once)).toEqual(once);
    expect(PatientDetailsSchema.parse(once)).toEqual(once);
  });
});

describe('PatientDetailsSchema (stored)', () => {
  it('checks a municipality for shape only, so old events stay readable', () => {
    const stored = {
      ...PatientFormSchema.parse(validForm),
      municipality: { ibgeCode: '9999999', name: 'Extinta', uf: 'SP' },
    };
    expect(PatientDetailsSchema.parse(stored).municipality.name).toBe('Extinta');
  });

  it('checks identifiers and dates for shape only, not for the form rules', () => {
    const stored = {
      ...PatientFormSchema.parse(validForm),
      cns: '162709345180002', // a wrong check digit
      sisregCode: '12',
      surgeryDate: '2025-01-01', // before the admission date
    };
    expect(PatientFormSchema.safeParse(stored).success).toBe(false);
    expect(PatientDetailsSchema.parse(stored)).toEqual(stored);
  });
});
