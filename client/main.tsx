import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import { store } from './state/store';
import { createRouter } from './router';
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

function App() {
  const [router, setRouter] = useState<ReturnType<typeof createRouter> | null>(null);
  useEffect(() => {
    void startUp().finally(() => {
      setRouter(createRouter());
      checkServerVersion();
    });
  }, []);
  useEffect(
    () =>
      keepSessionAlive(() => {
        const next = `${window.location.pathname}${window.location.search}`;
        window.location.assign(`/mon-compte/connexion?next=${encodeURIComponent(next)}`);
      }),
    [],
  );
  if (!router)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  return (
    <>
      <RouterProvider router={router} />
      <Toasts />
      <ConfirmDialog />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
