import { Fragment } from 'react';
import { emailLineBreakParts } from './user-format.ts';

/** An email that a narrow table column wraps after its '@' or before a dot, not mid-word. */
export function UserEmail({ email }: { email: string }) {
  return (
    <>
      {emailLineBreakParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
