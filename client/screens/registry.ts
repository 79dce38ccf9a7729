import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Hand-written screens, by the name that route declarations use. Each loads on demand so that a
// visitor's first page carries only what it shows.
export const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  LoginScreen: lazy(() => import('./account/LoginScreen')),
  PasswordResetRequestScreen: lazy(() => import('./account/PasswordResetRequestScreen')),
  PasswordResetChangeScreen: lazy(() => import('./account/PasswordResetChangeScreen')),
  PasswordChangeScreen: lazy(() => import('./account/PasswordChangeScreen')),
  AccountDeleteScreen: lazy(() => import('./account/AccountDeleteScreen')),
  ProfileAdminScreen: lazy(() => import('./account/ProfileAdminScreen')),
  ProfileAdvisorScreen: lazy(() => import('./account/ProfileAdvisorScreen')),
  ProfileManagerScreen: lazy(() => import('./account/ProfileManagerScreen')),
  HomeScreen: lazy(() => import('./HomeScreen')),
  DashboardRedirect: lazy(() => import('./DashboardRedirect')),
  DashboardScreen: lazy(() => import('./DashboardScreen')),
  ProfileScreen: lazy(() => import('./account/ProfileScreen')),
  MyStructureScreen: lazy(() => import('./configuration/MyStructureScreen')),
  GroupAccountScreen: lazy(() => import('./configuration/GroupAccountScreen')),
  CtiScreen: lazy(() => import('./configuration/CtiScreen')),
  EmbedScreen: lazy(() => import('./configuration/EmbedScreen')),
  ConsentScreen: lazy(() => import('./rgpd/ConsentScreen')),
};

export const entityScreens = {
  list: lazy(() => import('../runtime/GenericList')),
  create: lazy(() => import('../runtime/GenericEdit')),
  edit: lazy(() => import('../runtime/GenericEdit')),
  detail: lazy(() => import('../runtime/GenericDetail')),
};
