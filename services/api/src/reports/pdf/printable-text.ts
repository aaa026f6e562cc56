import type { Content, TDocumentDefinitions } from './pdf-types.ts';

/*
 * A printed record never loses a character silently: the embedded fonts draw what their cmap
 * maps, and anything else (an emoji, CJK, Hebrew in a name or a note) came out of pdfmake as an
 * empty gap. Text reaches pdfmake printable: what the font lacks becomes one visible mark.
 */

/** A font as far as its coverage goes (fontkit's `Font`): the code points its cmap maps. */
export interface GlyphCoverage {
  readonly characterSet: readonly number[];
}

/** The marks an unprintable character may become, in order of preference: the first the font has. */
const MARKS = ['\uFFFD', '\u25A1', '?'] as const;

const isControl = (codePoint: number) => codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f);
/** Invisible by definition (ZWJ, variation selectors…): dropped when the font lacks them, never marked. */
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;
/** A combining mark (an accent typed apart from its letter). */
const COMBINING = /^\p{M}$/u;
const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/**
 * What `fonts` (the styles of one family: text may be set in any of them) can print: each
 * character they all draw as it is; line ends as pdfmake breaks lines on them; a tab as a space;
 * any other grapheme cluster holding a character they lack, or a control character, as one mark
 * (an emoji of five code points joined by ZWJ is one mark, not five). The coverage is read once,
 * here: call it once per family and keep the function.
 */
export function textPrinter(fonts: readonly GlyphCoverage[]): (text: string) => string {
  const [first, ...others] = fonts;
  const drawn = new Set(first?.characterSet);
  for (const font of others) {
    const own = new Set(font.characterSet);
    for (const codePoint of drawn) if (!own.has(codePoint)) drawn.delete(codePoint);
  }
  for (const codePoint of drawn) if (isControl(codePoint)) drawn.delete(codePoint);
  drawn.add(0x0a).add(0x0d);
  const mark = MARKS.find((candidate) => drawn.has(candidate.codePointAt(0)!)) ?? '?';

  /** The cluster as drawn, or null when a character of it (not an accent) cannot be. */
  const drawnCluster = (cluster: string): string | null => {
    let kept = '';
    let accentLost = false;
    for (const character of cluster) {
      if (drawn.has(character.codePointAt(0)!)) kept += character;
      else if (character === '\t') kept += ' ';
      else if (INVISIBLE.test(character)) continue;
      // An accent the font lacks, on a letter it draws: the letter stays, the mark after it.
      else if (COMBINING.test(character) && kept !== '') accentLost = true;
      else return null;
    }
    return accentLost ? kept + mark : kept;
  };
  // A letter with an accent the font lacks ('ē') is tried as its letter and accent apart.
  const printableCluster = (cluster: string): string =>
    drawnCluster(cluster) ?? drawnCluster(cluster.normalize('NFD')) ?? mark;

  return function printable(text: string): string {
    // Nearly every text is printable as it is: only the clusters around what is not are cut out.
    // Accents typed apart from their letters ('c' + U+0327) are composed first: the font draws 'ç'.
    let clusters: Intl.Segments | undefined;
    let printed = '';
    let from = 0;
    let index = 0;
    while (index < text.length) {
      const codePoint = text.codePointAt(index)!;
      if (drawn.has(codePoint)) {
        index += codePoint > 0xffff ? 2 : 1;
        continue;
      }
      if (clusters === undefined) {
        const composed = text.normalize('NFC');
        if (composed !== text) return printable(composed);
      }
      clusters ??= graphemes.segment(text);
      const cluster = clusters.containing(index)!;
      printed += text.slice(from, cluster.index) + printableCluster(cluster.segment);
      from = index = cluster.index + cluster.segment.length;
    }
    return from === 0 ? text : printed + text.slice(from);
  };
}

/** A node's properties that hold content (pdfmake's document model, as far as it carries text). */
const CONTENT_PROPERTIES = ['text', 'stack', 'columns', 'ul', 'ol'] as const;

function printableContent(content: unknown, printable: (text: string) => string): unknown {
  if (typeof content === 'string') return printable(content);
  if (Array.isArray(content)) return content.map((item) => printableContent(item, printable));
  if (!content || typeof content !== 'object') return content;
  const node: Record<string, unknown> = { ...content };
  for (const property of CONTENT_PROPERTIES)
    if (property in node) node[property] = printableContent(node[property], printable);
  const table = node['table'];
  if (table && typeof table === 'object' && 'body' in table)
    node['table'] = { ...table, body: printableContent(table.body, printable) };
  return node;
}

/**
 * The document with every text it prints (its content and its page footers) made printable:
 * the one place text passes on its way to pdfmake. A new kind of node that carries text
 * (`toc`, `header`…) is added here.
 */
export function printableDocument(
  definition: TDocumentDefinitions,
  printable: (text: string) => string,
): TDocumentDefinitions {
  return {
    ...definition,
    content: printableContent(definition.content, printable) as Content[],
    footer: (page, pages) => printableContent(definition.footer(page, pages), printable) as Content,
  };
}
