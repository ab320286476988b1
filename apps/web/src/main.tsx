// Before anything that may parse with zod (lib/zod-config.ts).
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { App } from './app/app';
import { Providers } from './app/providers';
import { appearanceStore } from './lib/appearance';
import { basketStore } from './lib/basket-store';
import { initErrorReporting } from './lib/error-reporting';
import { sessionStore } from './lib/session-store';
import { initSessionRecording } from './lib/session-recording';

void initErrorReporting();
initSessionRecording();
// Follows the OS while 'system' (public/appearance-init.js already set the first paint's theme).
appearanceStore.start();
// Spec section 4: restore the stored session before the app is shown (App waits for it).
void sessionStore.restore();
// Spec section 2: the basket is fetched at app start when logged in, and as soon as login happens.
basketStore.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
