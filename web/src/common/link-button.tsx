import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';

export type LinkButtonProps = Omit<AnchorButtonProps, 'href' | 'onClick'> & {
  /** A path of the app, e.g. '/patients'. */
  to: string;
};

/**
 * A button that goes to another screen of the app: a real link (its address shows on hover
 * and can be copied), followed by the router on click rather than by a page load.
 */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  const navigate = useNavigate();
  return (
    <AnchorButton
      {...props}
      href={to}
      onClick={(event) => {
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
