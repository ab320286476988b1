// Before anything that may parse with zod (lib/zod-config.ts).
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';
import { Providers } from './app/providers';
import { appearanceStore } from './lib/appearance';
import { initErrorReporting } from './lib/error-reporting';
import { sessionStore } from './lib/session-store';
import { initSessionRecording } from './lib/session-recording';

void initErrorReporting();
initSessionRecording();
// Follows the OS while 'system' (public/appearance-init.js already set the first paint's theme).
appearanceStore.start();
// Spec section 4: restore the stored session before the app is shown (App waits for it). The
// basket follows with the app shell (spec 2: its header fetches it at start and after login).
void sessionStore.restore();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
