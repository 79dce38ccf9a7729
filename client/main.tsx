import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { Provider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { store, tokensAtom } from './state/store';
import { createRouter, prepareFirstPage } from './router';
import { checkServerVersion, keepSessionAlive, startUp } from './shell/startup';
import { Toasts } from './shell/notifications';
import { ConfirmDialog } from './shell/confirm';
import { t } from './lib/messages';
import './styles/app.css';

// A failed lazy import (e.g. after a deployment) is reported; vite emits this event.
window.addEventListener('vite:preloadError', (event) => {
  console.error(event);
  window.alert(t('errors.page_load'));
});

function App({ router }: { router: ReturnType<typeof createRouter> }) {
  useEffect(
    () =>
      keepSessionAlive(() => {
        const next = `${window.location.pathname}${window.location.search}`;
        window.location.assign(`/mon-compte/connexion?next=${encodeURIComponent(next)}`);
      }),
    [],
  );
  return (
    <>
      <RouterProvider router={router} />
      <Toasts />
      <ConfirmDialog />
    </>
  );
}

const container = document.getElementById('root')!;
// The server painted the page's shell for a visitor without a session (server/client-shell/prepaint.ts):
// it stays on screen until React can show the same page, then React replaces it in one commit.
const prepainted = container.querySelector('[data-prepaint]') !== null;
// Someone signed in is not offered « Se connecter » while the session is being restored.
if (prepainted && store.get(tokensAtom)) container.querySelector('.header-user')?.replaceChildren();

// Until the start-up is done the page shows what the server wrote: the shell, or « Chargement… »
// (client/index.html). React renders once the white label, the session and the menu are known.
void startUp()
  .catch((error: unknown) => console.error(error))
  .then(async () => {
    const router = createRouter();
    if (prepainted) await prepareFirstPage(router);
    const root = createRoot(container);
    const app = (
      <StrictMode>
        <Provider store={store}>
          <App router={router} />
        </Provider>
      </StrictMode>
    );
    // Synchronous, effects included: the screen's own title (usePageTitle) and data from the page
    // are in the first commit, so that the painted shell is replaced by the same boxes, not by an
    // intermediate state (docs/performance.md).
    if (prepainted) flushSync(() => root.render(app));
    else root.render(app);
    checkServerVersion();
  });
