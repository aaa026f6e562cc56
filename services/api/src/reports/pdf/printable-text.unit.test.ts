import { describe, expect, it } from 'vitest';
import { printableInRoboto as printable } from './pdf-engine.ts';
import { textPrinter } from './printable-text.ts';

const MARK = '\uFFFD';

const font = (text: string) => ({ characterSet: [...text].map((character) => character.codePointAt(0)!) });

describe('text printed with the embedded Roboto', () => {
  it('prints every Portuguese character, and the punctuation of clinical notes, unchanged', () => {
    const text =
      'Maria da Conceição Gonçalves, 3ª consulta, 1º retorno: não há úlcera; pós-operatório — ' +
      'AÇÃO, ÊXITO, À TARDE, Pôr, Ü ü; “ótimo” ‘ok’ R$ 1.250,00 € 50 – 60 kg… ±2 °C ©\n2ª linha';
    expect(printable(text)).toBe(text);
  });

  it('prints a mark for each emoji it lacks: one for an emoji of several code points (ZWJ, skin tone, flag)', () => {
    expect(printable('dor 😀 leve')).toBe(`dor ${MARK} leve`);
    expect(printable('família 👨‍👩‍👧 presente')).toBe(`família ${MARK} presente`);
    expect(printable('👍🏽🇧🇷')).toBe(MARK + MARK);
    // The emoji presentation selector alone is invisible: the © before it stays.
    expect(printable('©\uFE0F')).toBe('©');
  });

  it('composes accents typed apart from their letters, and marks only an accent it cannot draw', () => {
    expect(printable('Conceic\u0327a\u0303o, voce\u0302')).toBe('Conceição, você');
    const print = textPrinter([font('aeiou ?')]);
    expect(print('ae\u0304i')).toBe('ae?i');
  });

  it('prints a mark for each character of a script it lacks', () => {
    expect(printable('Clínica 東京, 李 Ana')).toBe(`Clínica ${MARK}${MARK}, ${MARK} Ana`);
    expect(printable('שלום')).toBe(MARK.repeat(4));
    // Greek and Cyrillic are in Roboto.
    expect(printable('Ελληνικά Русский')).toBe('Ελληνικά Русский');
  });

  it('prints a mark for a control character (no forced line break), keeps line ends and makes a tab a space', () => {
    expect(printable('a\u0000b\u0001c\u0002d\u007fe\u0085f\u000bg\u000ch')).toBe(
      `a${MARK}b${MARK}c${MARK}d${MARK}e${MARK}f${MARK}g${MARK}h`,
    );
    expect(printable('linha 1\nlinha 2\r\nlinha 3')).toBe('linha 1\nlinha 2\r\nlinha 3');
    expect(printable('peso:\t120 kg')).toBe('peso: 120 kg');
    // Half of an emoji (a lone surrogate) is a mark too.
    expect(printable('x\uD83Dy')).toBe(`x${MARK}y`);
  });
});

describe('textPrinter', () => {
  it('reads the coverage every style of the family shares, and marks with the first mark the font draws', () => {
    const print = textPrinter([font('abc?□ '), font('abc?□ '), font('ab?□ ')]);
    expect(print('a c 😀')).toBe('a □ □');
    expect(textPrinter([font('abc? ')])('a 😀')).toBe('a ?');
  });
});
