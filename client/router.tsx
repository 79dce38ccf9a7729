import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, useParams, useRouteError, type RouteObject } from 'react-router-dom';
import { routes, type ManifestRoute } from './generated/manifest';
import { AppShell } from './shell/AppShell';
import { BareLayout } from './shell/BareLayout';
import { RouteGuard } from './shell/RouteGuard';
import { LegacyLogin } from './shell/LegacyLogin';
import { entityScreens, screens, type Screen } from './screens/registry';
import { NotFound } from './screens/NotFound';
import { t } from './lib/messages';

function Loading() {
  return (
    <p className="loading" role="status">
      {t('ui.loading')}
    </p>
  );
}

function PageError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="notice notice-error" role="alert">
      <p>{t('errors.page_load')}</p>
    </div>
  );
}

export function screenFor(route: ManifestRoute): Screen | null {
  const s = route.screen;
  if ('component' in s) return screens[s.component] ?? null;
  if ('kind' in s) return entityScreens[s.kind];
  return null;
}

/** A redirect route's target with the route's own parameters put in (`/fiche/:pk` → `/fiches/edition/:pk`). */
function redirectTarget(to: string, params: Record<string, string | undefined>): string {
  return to.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

function Redirect({ to }: { to: string }) {
  return <Navigate to={redirectTarget(to, useParams())} replace />;
}

function element(route: ManifestRoute) {
  const s = route.screen;
  if ('redirect' in s) return <Redirect to={s.redirect} />;
  const Screen = screenFor(route);
  const body = Screen ? (
    <Suspense fallback={<Loading />}>
      <Screen key={route.name} />
    </Suspense>
  ) : (
    <NotFound />
  );
  const guarded = <RouteGuard route={route}>{body}</RouteGuard>;
  if (route.layout === 'web') return <AppShell route={route}>{guarded}</AppShell>;
  return <BareLayout route={route}>{guarded}</BareLayout>;
}

const notFoundRoute: ManifestRoute = {
  name: 'NotFound',
  path: '*',
  screen: { component: 'NotFound' },
  access: true,
  layout: 'web',
  title: t('ui.not_found_title'),
};

/** react-router routes from the generated manifest: path → guard → layout → screen. */
export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = routes.map((r) => ({
    path: r.path,
    element: element(r),
    errorElement: <PageError />,
    handle: { route: r },
  }));
  // Old /connection URLs lead to the login screen (spec 01 §2).
  children.push({ path: '/connection', element: <Navigate to="/mon-compte/connexion" replace /> });
  children.push({ path: '/connection/:startEmail', element: <LegacyLogin /> });
  children.push({ path: '/connection/*', element: <Navigate to="/mon-compte/connexion" replace /> });
  children.push({
    path: '*',
    element: (
      <AppShell route={notFoundRoute}>
        <NotFound />
      </AppShell>
    ),
  });
  return [{ element: <Outlet />, children }];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}

/**
 * Before React's first render over the shell the server painted (server/client-shell/prepaint.ts):
 * follow a redirect route as <Navigate> would (/thermix → /thermix/mes-besoins) and load the
 * route's screen, so that the first render shows the page itself, not an empty root or a
 * « Chargement… » in place of the painted content. A screen that fails to load is left to the
 * router's error element, as before.
 */
export async function prepareFirstPage(router: ReturnType<typeof createRouter>): Promise<void> {
  const shown = () => (router.state.matches.at(-1)?.route.handle as { route?: ManifestRoute } | undefined)?.route;
  const first = shown()?.screen;
  if (first && 'redirect' in first)
    await router.navigate(redirectTarget(first.redirect, router.state.matches.at(-1)?.params ?? {}), {
      replace: true,
    });
  const route = shown();
  await (route ? screenFor(route) : null)?.preload().catch(() => undefined);
}
