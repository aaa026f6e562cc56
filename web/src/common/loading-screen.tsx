import { NonIdealState, SpinnerSize } from '@blueprintjs/core';
import { AppSpinner } from './app-spinner.tsx';
import { commonMessages } from './messages.ts';
import './loading-screen.css';

/** 'Carregando...' while the signed-in user's profile loads (§2 Route guard). */
export function LoadingScreen() {
  return (
    <main aria-busy="true" className="loading-screen">
      <NonIdealState icon={<AppSpinner size={SpinnerSize.STANDARD} />} title={commonMessages.loading} />
    </main>
  );
}
