import { Fragment } from 'react';

/**
 * Text that may wrap after '@', '.' and ':' (an email, an IP address) when its column is
 * narrow, rather than being cut or breaking anywhere.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.:])/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
