/**
 * Text folded for comparison and search: accents removed, lower case, runs of whitespace
 * collapsed, trimmed. 'São  Paulo ' and 'sao paulo' fold to the same value.
 */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
