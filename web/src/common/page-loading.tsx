import { NonIdealState, SpinnerSize } from '@blueprintjs/core';
import { AppSpinner } from './app-spinner.tsx';
import { commonMessages } from './messages.ts';

/**
 * 'Carregando...' in the page area while a lazily loaded screen's code arrives; the layout
 * around it (sidebar, `<main>`) stays, so it is a plain region, not a second `<main>`.
 */
export function PageLoading() {
  return (
    <div aria-busy="true" className="page-loading">
      <NonIdealState icon={<AppSpinner size={SpinnerSize.STANDARD} />} title={commonMessages.loading} />
    </div>
  );
}
