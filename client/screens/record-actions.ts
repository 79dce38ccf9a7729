import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RecordActionProps, RecordData } from '../runtime/types';

export type { RecordActionProps };

/**
 * Components behind `x-entity.screens.actions` names: a button (and whatever it opens) shown on a
 * saved record's edit and detail screens. Loaded on demand, like hand-written screens.
 */
export const recordActions: Record<string, LazyExoticComponent<ComponentType<RecordActionProps>>> = {
  slotDuplicate: lazy(() => import('./booking-admin/SlotDuplicateAction')),
  listRecipients: lazy(() => import('./file-area/ListRecipientsAction')),
  contactConsent: lazy(() => import('./rgpd/ContactConsentAction')),
  reminderDone: lazy(() => import('./fac/ReminderDoneAction')),
  eventLinks: lazy(() => import('./events/EventLinksAction')),
  newsletterSend: lazy(() => import('./newsletters/NewsletterSendAction')),
  visitReportPdf: lazy(() => import('./visit-report/VisitReportPdfAction')),
  listeproAccount: lazy(() => import('./listepro-office/ListeProAccountAction')),
  // Generic: a link shown when a record of another entity matches (a contact's duplicate group).
  linkWhenFound: lazy(() => import('../runtime/LinkWhenFoundAction')),
  // Generic: a button POSTing to a declared endpoint (« Je suis intéressé », « Partager le contact »).
  post: lazy(() => import('../runtime/PostRecordAction')),
};

/**
 * Checks behind `x-entity.screens.deleteWarning` names: a French sentence the delete confirmation
 * adds (null: nothing to say). A failed check says nothing rather than blocking the deletion.
 */
export const deleteWarnings: Record<string, (record: RecordData) => Promise<string | null>> = {
  slotAppointments: async (record) => (await import('./booking-admin/slot-delete-warning')).slotDeleteWarning(record),
};
