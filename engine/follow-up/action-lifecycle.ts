/** The fields of an action that the lifecycle rules read and set (reference 3.7, 8.10). */
export interface ActionState {
  done: boolean;
  date: string | null;
  doneBy: number | null;
}

/**
 * Who did an action and when (reference 8.10 step 2): on creation, the caller when done; on an
 * update, becoming done → the caller, staying done → whoever did it first, not done → nobody.
 * A done action without a date is dated today; a date typed on an action not done is kept
 * (a planned act).
 */
export function applyDoneRules(
  next: ActionState,
  previous: ActionState | undefined,
  caller: number | null,
  today: string,
): ActionState {
  let doneBy: number | null = null;
  if (next.done) doneBy = previous?.done ? (previous.doneBy ?? caller) : caller;
  const date = next.done && !next.date ? today : next.date;
  return { done: next.done, date, doneBy };
}

/** The completion requirements of an action model (reference 3.5). */
export interface CompletionRules {
  messageRequired: boolean;
  fileRequired: boolean;
  contactRequired: boolean;
}

/** What a done action carries that the requirements look at. */
export interface CompletionEvidence {
  done: boolean;
  /** The comment, HTML allowed: tags and entities are stripped before testing that it is empty. */
  message: string;
  hasAttachment: boolean;
  contact: number | null;
}

export type CompletionProblem = 'message_required' | 'file_required' | 'contact_required';

/** The French refusals of the reference (3.7) apply only to a done action. */
export function completionProblems(rules: CompletionRules, action: CompletionEvidence): CompletionProblem[] {
  if (!action.done) return [];
  const problems: CompletionProblem[] = [];
  if (rules.messageRequired && plainText(action.message) === '') problems.push('message_required');
  if (rules.fileRequired && !action.hasAttachment) problems.push('file_required');
  if (rules.contactRequired && !action.contact) problems.push('contact_required');
  return problems;
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
}

/**
 * A reset action (reference 8.10 step 3): only its identity (pk, folder, model, creation date)
 * and its valuation survive; everything an advisor entered is cleared. The caller deletes its
 * attachment from the file storage.
 */
export const RESET_FIELDS = {
  done: false,
  date: null,
  doneBy: null,
  message: '',
  duration: 0,
  contact: null,
  attachment: null,
  tags: [] as number[],
  cost: 0,
} as const;
