import '@blueprintjs/core/lib/css/blueprint.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installPortugueseValidationMessages } from '@bari/contracts';
import { App } from './app/app.tsx';
import { loadAppIcons } from './app/icons/app-icons.ts';
import { LOGIN_PATH } from './app/route-access.ts';
import { sessionRecovery } from './app/session-recovery.ts';
import { followSignOutsElsewhere, signOutChannel } from './app/signed-out-elsewhere.ts';
import { tabUser } from './app/tab-user.ts';
import { unsavedWork } from './app/unsaved-work.ts';

// Any validation message a schema does not word itself falls back to Portuguese, as on the server.
installPortugueseValidationMessages();

// A sign-out in another tab of this browser ended this tab's session too: cover the page.
followSignOutsElsewhere({
  channel: signOutChannel,
  tabUserId: tabUser.get,
  recovery: sessionRecovery,
  unsavedWork: unsavedWork.isHeld,
  goToLogin: () => window.location.assign(LOGIN_PATH),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Icons first: with no icon font, an icon not loaded yet would render empty.
await loadAppIcons();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
