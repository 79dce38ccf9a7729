import { createElement, lazy, useState, type ComponentType } from 'react';

/** A screen loaded on demand that can also be asked for before it renders (see `lazyScreen`). */
export type Screen = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy, plus `preload()`: client/main.tsx loads the first page's screen before React's first
 * render, and a screen already loaded then renders at once instead of through a Suspense fallback
 * (React.lazy suspends at its first render even when its module is in). That first render replaces
 * the shell the server painted (docs/performance.md) without a « Chargement… » in between. Each
 * mounted instance keeps the component it started with, so a screen is never remounted when its
 * module arrives.
 */
function lazyScreen(load: () => Promise<{ default: ComponentType }>): Screen {
  let loaded: ComponentType | null = null;
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function LazyScreen(props: object) {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyScreen, { preload });
}

// Hand-written screens, by the name that route declarations use. Each loads on demand so that a
// visitor's first page carries only what it shows.
export const screens: Record<string, Screen> = {
  LoginScreen: lazyScreen(() => import('./account/LoginScreen')),
  PasswordResetRequestScreen: lazyScreen(() => import('./account/PasswordResetRequestScreen')),
  PasswordResetChangeScreen: lazyScreen(() => import('./account/PasswordResetChangeScreen')),
  EmailConfirmScreen: lazyScreen(() => import('./account/EmailConfirmScreen')),
  PasswordChangeScreen: lazyScreen(() => import('./account/PasswordChangeScreen')),
  AccountDeleteScreen: lazyScreen(() => import('./account/AccountDeleteScreen')),
  ProfileAdminScreen: lazyScreen(() => import('./account/ProfileAdminScreen')),
  ProfileAdvisorScreen: lazyScreen(() => import('./account/ProfileAdvisorScreen')),
  ProfileManagerScreen: lazyScreen(() => import('./account/ProfileManagerScreen')),
  HomeScreen: lazyScreen(() => import('./HomeScreen')),
  DashboardRedirect: lazyScreen(() => import('./DashboardRedirect')),
  DashboardScreen: lazyScreen(() => import('./DashboardScreen')),
  ChangelogScreen: lazyScreen(() => import('./ChangelogScreen')),
  ProfileScreen: lazyScreen(() => import('./account/ProfileScreen')),
  MyStructureScreen: lazyScreen(() => import('./configuration/MyStructureScreen')),
  GroupAccountScreen: lazyScreen(() => import('./configuration/GroupAccountScreen')),
  CtiScreen: lazyScreen(() => import('./configuration/CtiScreen')),
  EmbedScreen: lazyScreen(() => import('./configuration/EmbedScreen')),
  ThermixScreen: lazyScreen(() => import('./simulators/thermix/ThermixScreen')),
  ThermixReportScreen: lazyScreen(() => import('./simulators/thermix/ThermixReportScreen')),
  TherminixScreen: lazyScreen(() => import('./simulators/therminix/TherminixScreen')),
  EcorenoverScreen: lazyScreen(() => import('./simulators/ecorenover/EcorenoverScreen')),
  EcorenoverReportScreen: lazyScreen(() => import('./simulators/ecorenover/EcorenoverReportScreen')),
  VisitReportSearchScreen: lazyScreen(() => import('./visit-report/VisitReportSearchScreen')),
  VisitReportFileScreen: lazyScreen(() => import('./visit-report/VisitReportFileScreen')),
  VisitReportPdfScreen: lazyScreen(() => import('./visit-report/VisitReportPdfScreen')),
  ConsentScreen: lazyScreen(() => import('./rgpd/ConsentScreen')),
  ActimmoMapScreen: lazyScreen(() => import('./actimmo-map/ActimmoMapScreen')),
  ListeProSearchScreen: lazyScreen(() => import('./listepro/ListeProSearchScreen')),
  BapStatisticsScreen: lazyScreen(() => import('./bap/BapStatisticsScreen')),
  ListeProResultsScreen: lazyScreen(() => import('./listepro/ListeProResultsScreen')),
  ListeProDetailScreen: lazyScreen(() => import('./listepro/ListeProDetailScreen')),
  ListeProRootRedirect: lazyScreen(() => import('./listepro/ListeProRootRedirect')),
  ListeProNewsScreen: lazyScreen(() => import('./listepro/ListeProNewsScreen')),
  ListeProProHome: lazyScreen(() => import('./listepro-office/ListeProProHome')),
  ListeProAccountCreate: lazyScreen(() => import('./listepro-office/ListeProAccountCreate')),
  ListeProProSheet: lazyScreen(() => import('./listepro-office/ListeProProSheet')),
  WhiteLabelEditScreen: lazyScreen(() => import('./white-labels/WhiteLabelEditScreen')),
  FormPickerScreen: lazyScreen(() => import('./white-labels/FormPickerScreen')),
  FormEditorScreen: lazyScreen(() => import('./white-labels/FormEditorScreen')),
  MenuEditorScreen: lazyScreen(() => import('./white-labels/MenuEditorScreen')),
  BookingStatisticsScreen: lazyScreen(() => import('./booking-admin/StatisticsScreen')),
  MailAccountScreen: lazyScreen(() => import('./booking-admin/MailAccountScreen')),
  BookingHomeScreen: lazyScreen(() => import('./booking/BookingHomeScreen')),
  BookingScreen: lazyScreen(() => import('./booking/BookingScreen')),
  MyAppointmentsScreen: lazyScreen(() => import('./booking/MyAppointmentsScreen')),
  PlacesForCommuneScreen: lazyScreen(() => import('./booking/PlacesForCommuneScreen')),
  PlaceInfoScreen: lazyScreen(() => import('./booking/PlaceInfoScreen')),
  EventAgendaScreen: lazyScreen(() => import('./events/EventAgendaScreen')),
  EventRegistrationScreen: lazyScreen(() => import('./events/EventRegistrationScreen')),
  EventCancelScreen: lazyScreen(() => import('./events/EventCancelScreen')),
  EventConfirmScreen: lazyScreen(() => import('./events/EventConfirmScreen')),
  NewslettersPublicScreen: lazyScreen(() => import('./newsletters/NewslettersPublicScreen')),
  NewsletterPublicScreen: lazyScreen(() => import('./newsletters/NewsletterPublicScreen')),
  NewsletterUnsubscribeScreen: lazyScreen(() => import('./newsletters/NewsletterUnsubscribeScreen')),
  EventRegistrationsScreen: lazyScreen(() => import('./events/EventRegistrationsScreen')),
  ExperienceStartingAProjectScreen: lazyScreen(() =>
    import('./experiences/ExperienceExplanationScreen').then((m) => ({ default: m.ExperienceStartingAProjectScreen })),
  ),
  ExperienceUsefulDocsScreen: lazyScreen(() =>
    import('./experiences/ExperienceExplanationScreen').then((m) => ({ default: m.ExperienceUsefulDocsScreen })),
  ),
  AppointmentLinkScreen: lazyScreen(() => import('./booking/AppointmentLinkScreen')),
  FacDuplicatesScreen: lazyScreen(() => import('./fac/FacDuplicatesScreen')),
  FacPivotScreen: lazyScreen(() => import('./fac/pivot/PivotScreen')),
  NationalPlatformScreen: lazyScreen(() => import('./fac/national-platform/NationalPlatformScreen')),
  TbsComparisonScreen: lazyScreen(() => import('./fac/national-platform/TbsComparisonScreen')),
  FacParcoursScreen: lazyScreen(() => import('./fac/parcours/ParcoursScreen')),
  FollowUpStatisticsScreen: lazyScreen(() => import('./fac/FollowUpStatisticsScreen')),
};

export const entityScreens = {
  list: lazyScreen(() => import('../runtime/GenericList')),
  create: lazyScreen(() => import('../runtime/GenericEdit')),
  edit: lazyScreen(() => import('../runtime/GenericEdit')),
  detail: lazyScreen(() => import('../runtime/GenericDetail')),
};
