import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, useRouteError, type RouteObject } from 'react-router-dom';
import { routes, type ManifestRoute } from './generated/manifest';
import { AppShell } from './shell/AppShell';
import { BareLayout } from './shell/BareLayout';
import { RouteGuard } from './shell/RouteGuard';
import { LegacyLogin } from './shell/LegacyLogin';
import { entityScreens, screens } from './screens/registry';
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

function screenFor(route: ManifestRoute): LazyExoticComponent<ComponentType> | null {
  const s = route.screen;
  if ('component' in s) return screens[s.component] ?? null;
  if ('kind' in s) return entityScreens[s.kind];
  return null;
}

function element(route: ManifestRoute) {
  const s = route.screen;
  if ('redirect' in s) return <Navigate to={s.redirect} replace />;
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
