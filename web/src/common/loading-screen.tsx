import { NonIdealState, Spinner, SpinnerSize } from '@blueprintjs/core';
import { commonMessages } from './messages.ts';
import './loading-screen.css';

/** 'Carregando...' while the signed-in user's profile loads (§2 Route guard). */
export function LoadingScreen() {
  return (
    <main aria-busy="true" className="loading-screen">
      <NonIdealState icon={<Spinner size={SpinnerSize.STANDARD} />} title={commonMessages.loading} />
    </main>
  );
}
