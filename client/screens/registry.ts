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
  ChangelogScreen: lazy(() => import('./ChangelogScreen')),
  ProfileScreen: lazy(() => import('./account/ProfileScreen')),
  MyStructureScreen: lazy(() => import('./configuration/MyStructureScreen')),
  GroupAccountScreen: lazy(() => import('./configuration/GroupAccountScreen')),
  CtiScreen: lazy(() => import('./configuration/CtiScreen')),
  EmbedScreen: lazy(() => import('./configuration/EmbedScreen')),
  ThermixScreen: lazy(() => import('./simulators/thermix/ThermixScreen')),
  ThermixReportScreen: lazy(() => import('./simulators/thermix/ThermixReportScreen')),
  TherminixScreen: lazy(() => import('./simulators/therminix/TherminixScreen')),
  EcorenoverScreen: lazy(() => import('./simulators/ecorenover/EcorenoverScreen')),
  EcorenoverReportScreen: lazy(() => import('./simulators/ecorenover/EcorenoverReportScreen')),
  ConsentScreen: lazy(() => import('./rgpd/ConsentScreen')),
  ActimmoMapScreen: lazy(() => import('./actimmo-map/ActimmoMapScreen')),
  WhiteLabelEditScreen: lazy(() => import('./white-labels/WhiteLabelEditScreen')),
  FormPickerScreen: lazy(() => import('./white-labels/FormPickerScreen')),
  FormEditorScreen: lazy(() => import('./white-labels/FormEditorScreen')),
  MenuEditorScreen: lazy(() => import('./white-labels/MenuEditorScreen')),
};

export const entityScreens = {
  list: lazy(() => import('../runtime/GenericList')),
  create: lazy(() => import('../runtime/GenericEdit')),
  edit: lazy(() => import('../runtime/GenericEdit')),
  detail: lazy(() => import('../runtime/GenericDetail')),
};
