import { z } from 'zod';

/*
 * Text people type is stored in jsonb, which refuses U+0000, and shown back in forms, lists and
 * reports, where control characters and lone UTF-16 halves only break things. Such text is a
 * 400 with this message at the door, never a 500 once something was already written.
 */

export const UNSAFE_TEXT_MESSAGE = 'O texto contém caracteres inválidos (caracteres de controle).';

// C0 controls (matching them is the point); multi-line text (notes) keeps tab, line feed and
// carriage return.
/* eslint-disable no-control-regex */
const singleLineControls = /[\u0000-\u001F]/u;
const multiLineControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/u;
/* eslint-enable no-control-regex */
// A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u`
// flag: with it a regex never sees the halves of a pair as separate characters).
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds a character we refuse (see `UNSAFE_TEXT_MESSAGE`). */
export function hasUnsafeCharacters(text: string, options: { readonly multiLine?: boolean } = {}): boolean {
  const controls = options.multiLine ? multiLineControls : singleLineControls;
  return controls.test(text) || loneSurrogate.test(text);
}

/** A string without control characters or lone surrogates (tab and line breaks with `multiLine`). */
export function safeString(options: { readonly multiLine?: boolean } = {}) {
  return z.string().refine((text) => !hasUnsafeCharacters(text, options), UNSAFE_TEXT_MESSAGE);
}
