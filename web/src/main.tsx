import '@blueprintjs/core/lib/css/blueprint.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installPortugueseValidationMessages } from '@bari/contracts';
import { App } from './app/app.tsx';
import { loadAppIcons } from './app/icons/app-icons.ts';

// Any validation message a schema does not word itself falls back to Portuguese, as on the server.
installPortugueseValidationMessages();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Icons first: with no icon font, an icon not loaded yet would render empty.
await loadAppIcons();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
