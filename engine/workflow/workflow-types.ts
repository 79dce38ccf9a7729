// A JSON-Logic rule (the same shape as schema/types' Rule, repeated to keep the imports one-way).
type Rule = boolean | { [operator: string]: unknown };

/**
 * A workflow declared as data (schemas/workflows/<name>.workflow.json): the states of one entity's
 * state field, the transitions between them with the roles that may run them, their guards
 * (JSON-Logic), their mails, and optionally a published copy of the record.
 */
export interface WorkflowDeclaration {
  $schema?: string;
  /** Unique; also the file name. */
  name: string;
  /** The entity whose records follow it (one workflow per entity). */
  entity: string;
  title: string;
  /** The record's property that holds the state (an enum of the entity). */
  stateField: string;
  /** The state of a new record. */
  initial: string;
  states: Record<string, { label: string; description?: string }>;
  transitions: WorkflowTransition[];
  /** Draft and published side by side: publishing copies the draft into a second row. */
  publication?: WorkflowPublication;
  /** Property (date-time) set whenever a content field changes (not on every save). */
  contentStamp?: string;
  /** Properties that are not content: changing them does not count as an update. */
  notContent?: string[];
  /** Published with no content change for `days`: the record needs an update (shown to the team). */
  needsUpdate?: { states: string[]; days: number };
  /** A scheduled job runs this transition (as the system) on records in its `from` states for `days`. */
  revalidation?: { transition: string; days: number };
  /** Who receives the transitions' mails: the user pointed to by this property of the record. */
  recipient?: { userField: string };
}

export interface WorkflowTransition {
  name: string;
  /** French label of the button. */
  label: string;
  from: string[];
  to: string;
  /** Role names of roles.json; `system` transitions have none and are run by the scheduler only. */
  roles: string[];
  /** Must hold on `{ user, record, published, differs }`; its French message when it does not. */
  guard?: { rule: Rule; message: string };
  /** Values written with the state (e.g. `proIsValid: true` on publication). */
  set?: Record<string, unknown>;
  /** `copy`: the draft's content becomes the published row; `withdraw`: the published row goes. */
  publication?: 'copy' | 'withdraw';
  /** A mail to the recipient; `editable`: the user may change it before it leaves. */
  mail?: { editable: boolean; subject: string; body: string };
}

export interface WorkflowPublication {
  /** Property telling the draft row from the published one. */
  versionField: string;
  draftValue: string;
  publishedValue: string;
  /** Property of the published row pointing to its draft (readOnly; set by the engine). */
  draftLink: string;
}

/** What a guard and the role check see about the caller. */
export interface WorkflowUser {
  pk: number | null;
  roles: string[];
}

/** One line of a record's history. */
export interface WorkflowHistoryLine {
  date: string;
  transition: string;
  fromState: string;
  toState: string;
  actor: number | null;
  actorName: string;
}
