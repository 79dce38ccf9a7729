import type { EntityHook } from './hook-types';
import { slugFromName } from './slug-from-name';
import { emailLowerCase, phoneCache } from './user-normalisation';
import { groupFromAdvisor } from './group-from-advisor';
import { oneDefaultWhiteLabel } from './one-default-white-label';
import { inseeCodesExist } from './insee-codes-exist';
import { userGroupRules } from './user-group-rules';
import { userIdentity } from './user-identity';
import { clientOpenedBy } from './client-opened-by';
import { groupMembers } from './group-members';
import { groupFromUser } from './group-from-user';
import { accountInitialisationMail } from './account-initialisation-mail';
import { whiteLabelCache } from './white-label-cache';
import { userErasure } from './user-erasure';
import { groupTreeRules } from './group-tree-rules';
import { reasonForm } from './reason-form';
import { eventWaitingList } from './event-waiting-list';
import { experiencePartners } from './experience-partners';
import { uuidOnCreate } from './uuid-on-create';
import { sequenceOnSave } from './sequence-on-save';
import { appointmentGroup } from './appointment-group';
import { appointmentSlotDay } from './appointment-slot-day';
import { appointmentHistory } from './appointment-history';
import { appointmentNotifications } from './appointment-notifications';
import { appointmentAvailability } from './appointment-availability';
import { owningGroupFromLinked } from './fac/owning-group-from-linked';
import { creatorOnCreate } from './fac/creator-on-create';
import { listeproOwnerFromProfessional } from './listepro/owner-from-professional';
import { bapProject } from './bap/bap-project';
import { bapInterest } from './bap/bap-interest';
import { bapMembership } from './bap/bap-membership';
import { bapAccount } from './bap/bap-account';
import { bapHouseholdGroup } from './bap/bap-household-group';
import { bapRematch } from './bap/bap-rematch';
import { uniqueNameInGroup } from './fac/unique-name-in-group';
import { listNoCycle } from './fac/list-no-cycle';
import { newsletterSlug } from './newsletters/newsletter-slug';
import { oneOrganizationAddress } from './fac/one-organization-address';
import { housingGroups, housingMainAddress } from './fac/housing-hooks';
import { visitReportContactType } from './fac/visit-report-hooks';
import { deleteDependents } from './fac/delete-dependents';
import { incompleteEntries } from './fac/incomplete-entries';
import { duplicateDetection } from './fac/duplicate-detection';
import { fileDetails } from './file-details';
import { reminderRecurrence } from './fac/reminder-recurrence';
import { reminderOfAction } from './fac/reminder-of-action';
import { followUpFolder } from './fac/follow-up-folder';
import { followUpAction } from './fac/follow-up-action';
import { followUpActionModel } from './fac/follow-up-action-model';
import { projectSharing, projectShareRules, valuationTypeSharing } from './fac/follow-up-sharing';

/** Hooks that schemas may name in `x-entity.hooks` (createContext registers them: see registry.ts). */
export const namedHooks: Record<string, EntityHook> = {
  slugFromName,
  bapProject,
  bapInterest,
  bapMembership,
  bapAccount,
  bapHouseholdGroup,
  bapRematch,
  emailLowerCase,
  phoneCache,
  groupFromAdvisor,
  oneDefaultWhiteLabel,
  inseeCodesExist,
  userGroupRules,
  userIdentity,
  clientOpenedBy,
  groupMembers,
  groupFromUser,
  accountInitialisationMail,
  whiteLabelCache,
  userErasure,
  groupTreeRules,
  reasonForm,
  eventWaitingList,
  experiencePartners,
  uuidOnCreate,
  sequenceOnSave,
  appointmentGroup,
  appointmentSlotDay,
  appointmentHistory,
  appointmentNotifications,
  appointmentAvailability,
  owningGroupFromLinked,
  fileDetails,
  creatorOnCreate,
  reminderRecurrence,
  reminderOfAction,
  uniqueNameInGroup,
  listNoCycle,
  newsletterSlug,
  oneOrganizationAddress,
  housingGroups,
  housingMainAddress,
  visitReportContactType,
  deleteDependents,
  incompleteEntries,
  duplicateDetection,
  followUpFolder,
  followUpAction,
  followUpActionModel,
  projectSharing,
  valuationTypeSharing,
  projectShareRules,
  listeproOwnerFromProfessional,
};

export type { EntityHook, HookArgs } from './hook-types';
