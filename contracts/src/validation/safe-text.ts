import { z } from 'zod';

/*
 * Text people type is stored in jsonb, which refuses U+0000, and shown back in forms, lists and
 * reports, where control characters and lone UTF-16 halves only break things. Such text is a
 * 400 with this message at the door, never a 500 once something was already written.
 */

export const UNSAFE_TEXT_MESSAGE =
  'O texto contém caracteres inválidos (de controle ou invisíveis): apague-o e digite-o de novo.';

// C0 controls (matching them is the point); multi-line text (notes) keeps tab, line feed and
// carriage return.
/* eslint-disable no-control-regex */
// One-line text also refuses the Unicode line and paragraph separators.
const singleLineControls = /[\u0000-\u001F\u2028\u2029]/u;
const multiLineControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/u;
/* eslint-enable no-control-regex */
// DEL and the C1 controls, and the invisible marks that reorder or hide text where it is shown:
// bidi marks, embeddings, overrides and isolates, zero-width characters. A name typed as
// U+202E + 'live' reads 'evil' in the list and in the audit log. Then the characters that show
// as nothing, alone or after a letter: soft hyphen, grapheme joiner, the Hangul fillers, the
// Mongolian vowel separator, the blank braille pattern, the private-use area and the tag
// characters (a patient named U+3164 showed as a blank row). Commands only: stored events are
// read by shape, so an old one that holds them stays readable.
// Also the Arabic letter mark (a bidi mark), the Khmer inherent vowels, the Mongolian free
// variation selectors, the interlinear annotation marks and the musical formatting controls:
// 'Hospital' + U+061C + ' Zeta' showed as 'Hospital Zeta' and counted apart in the reports.
// (The grapheme joiner, the Khmer vowels and the Mongolian selectors, combining marks, stand
// outside the class: in it, each would read as joined to the character before.)
const invisibleControls =
  /[\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\u2800\u3164\uE000-\uF8FF\uFEFF\uFFA0\uFFF9-\uFFFB\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F/u;
// A variation selector changes how the character before it is drawn: after a symbol it picks
// an emoji's look ('⚠️'), and a digit takes one before the keycap ('1️⃣'); after a letter or a
// space it shows nothing, and 'Bioimpedância' + U+FE0F would sit in the catalogue beside
// 'Bioimpedância'.
const strayVariationSelector =
  /(?<![\p{S}0-9#*])[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]|(?<=[0-9#*])(?:\uFE0F(?!\u20E3)|[\uFE00-\uFE0E\u{E0100}-\u{E01EF}])/u;
// Five combining marks and more on one letter: no language writes that many (Vietnamese stacks
// two), and they pile up over the lines around them. (A patient's name allows two: its own
// check says so in its own words.)
const stackedMarks = /\p{M}{5,}/u;
// A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u`
// flag: with it a regex never sees the halves of a pair as separate characters).
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a character we refuse (see `UNSAFE_TEXT_MESSAGE`). */
export function hasUnsafeCharacters(text: string, options: { readonly multiLine?: boolean } = {}): boolean {
  const controls = options.multiLine ? multiLineControls : singleLineControls;
  return (
    controls.test(text) ||
    invisibleControls.test(text) ||
    strayVariationSelector.test(text) ||
    stackedMarks.test(text) ||
    loneSurrogate.test(text)
  );
}

/**
 * Whether `text` shows something to read: a letter or a digit. A required field holding only
 * marks, symbols or spaces ('\u0301\u0301') is as empty as a blank one.
 */
export function hasVisibleContent(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** A string without control characters or lone surrogates (tab and line breaks with `multiLine`). */
export function safeString(options: { readonly multiLine?: boolean } = {}) {
  return z.string().refine((text) => !hasUnsafeCharacters(text, options), UNSAFE_TEXT_MESSAGE);
}
