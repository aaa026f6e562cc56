import { Spinner, type SpinnerProps } from '@blueprintjs/core';
import { commonMessages } from './messages.ts';

/** Blueprint's spinner, named 'Carregando...' for screen readers (Blueprint's own name is English). */
export function AppSpinner(props: SpinnerProps) {
  return <Spinner aria-label={commonMessages.loading} {...props} />;
}
