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
// DEL and the C1 controls, and every character Unicode says shows as nothing
// (Default_Ignorable_Code_Point, but the variation selectors, below): bidi marks, embeddings,
// overrides and isolates (a name typed as U+202E + 'live' reads 'evil' in the list and in the
// audit log), zero-width characters, the soft hyphen, the grapheme joiner, the Hangul fillers,
// the Mongolian selectors, the Khmer inherent vowels, the musical formatting controls, the tag
// characters… ('Hospital' + U+061C or U+206A + ' Zeta' showed as 'Hospital Zeta' and counted
// apart in the reports; a list by hand kept missing some). Then what shows as a blank or a box
// though Unicode does not say so: the blank braille pattern, the private-use area and the
// interlinear annotation marks. Commands only: stored events are read by shape, so an old one
// that holds them stays readable.
const invisibleControls =
  /[\u007F-\u009F\u2800\uE000-\uF8FF\uFFF9-\uFFFB]|(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])\p{Default_Ignorable_Code_Point}/u;
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
