import { Fragment } from 'react';

/**
 * A text cut where a line may break when its column is narrow: after '@' and ':' and before
 * each dot ('maria.souza@saude.sp.gov.br' → 'maria', '.souza@', 'saude', '.sp', '.gov', '.br';
 * an IP address at its dots and colons), not in the middle of a word.
 */
export function lineBreakParts(text: string): string[] {
  return text.split(/(?<=[@:])|(?=\.)/).filter(Boolean);
}

/** An email, an IP address or a name that a narrow table column wraps at `lineBreakParts`. */
export function BreakableText({ text }: { text: string }) {
  return lineBreakParts(text).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
