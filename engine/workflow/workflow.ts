import { holds } from '../logic/logic';
import { escapeHtmlText } from '../templates/escape-html';
import type { PropertySchema } from '../schema/types';
import type { WorkflowDeclaration, WorkflowTransition, WorkflowUser } from './workflow-types';

type Row = Record<string, unknown>;

/** What a guard reads: the caller, the draft, its published copy and whether they differ. */
export interface GuardData {
  user: WorkflowUser;
  record: Row;
  published: Row | null;
  differs: boolean;
}

export type TransitionRefusal =
  | { code: 'unknown_transition' }
  | { code: 'role' }
  | { code: 'state'; state: string }
  | { code: 'guard'; message: string };

export function stateOf(wf: WorkflowDeclaration, record: Row): string {
  const s = record[wf.stateField];
  return typeof s === 'string' && s ? s : wf.initial;
}

export function stateLabel(wf: WorkflowDeclaration, state: string): string {
  return wf.states[state]?.label ?? state;
}

/** Whether one of the caller's roles may run it (system transitions: nobody, by hand). */
export function roleAllows(t: WorkflowTransition, user: WorkflowUser): boolean {
  return t.roles.some((r) => user.roles.includes(r));
}

/**
 * Why this caller may not run this transition on this record now, or null when they may. The
 * role is checked first, so that a caller who may never run it learns nothing of the state.
 */
export function refusal(wf: WorkflowDeclaration, name: string, data: GuardData): TransitionRefusal | null {
  const t = wf.transitions.find((x) => x.name === name);
  if (!t) return { code: 'unknown_transition' };
  if (!roleAllows(t, data.user)) return { code: 'role' };
  const state = stateOf(wf, data.record);
  if (!t.from.includes(state)) return { code: 'state', state };
  if (t.guard && !holds(t.guard.rule, data)) return { code: 'guard', message: t.guard.message };
  return null;
}

/** The transitions this caller may run on this record now (the buttons of its page). */
export function availableTransitions(wf: WorkflowDeclaration, data: GuardData): WorkflowTransition[] {
  return wf.transitions.filter((t) => refusal(wf, t.name, data) === null);
}

const NEVER_CONTENT = new Set(['pk', 'createdAt', 'updatedAt', 'owner', 'extra']);

/**
 * The record's content: what the professional writes and the public reads. The state, the
 * version, the link to the draft, the stamp, read-only and declared non-content fields are not.
 */
export function contentFields(wf: WorkflowDeclaration, properties: Record<string, PropertySchema>): string[] {
  const skip = new Set([...NEVER_CONTENT, wf.stateField, ...(wf.notContent ?? [])]);
  if (wf.contentStamp) skip.add(wf.contentStamp);
  if (wf.publication) skip.add(wf.publication.versionField).add(wf.publication.draftLink);
  for (const t of wf.transitions) for (const k of Object.keys(t.set ?? {})) skip.add(k);
  return Object.entries(properties)
    .filter(([name, p]) => !skip.has(name) && !p.readOnly && !p['x-storage']?.private)
    .map(([name]) => name);
}

function canonical(v: unknown): string {
  if (v === undefined || v === null || v === '') return 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Row;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${k}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** Content fields whose value differs between two versions (all of them when one is missing). */
export function differences(fields: string[], draft: Row, published: Row | null): string[] {
  if (!published) return [...fields];
  return fields.filter((f) => !sameValue(draft[f], published[f]));
}

/** The content fields a save changes (the stamp moves only for these). */
export function changedContent(fields: string[], before: Row | undefined, after: Row): string[] {
  if (!before) return fields.filter((f) => !sameValue(after[f], null));
  return fields.filter((f) => f in after && !sameValue(before[f], after[f]));
}

const DAY_MS = 86_400_000;

/** Published (or another declared state) and no content change for the declared number of days. */
export function needsUpdate(wf: WorkflowDeclaration, record: Row, now: Date): boolean {
  if (!wf.needsUpdate || !wf.contentStamp) return false;
  if (!wf.needsUpdate.states.includes(stateOf(wf, record))) return false;
  const stamp = record[wf.contentStamp] ?? record.createdAt;
  if (typeof stamp !== 'string') return false;
  return now.getTime() - Date.parse(stamp) >= wf.needsUpdate.days * DAY_MS;
}

/** The instant before which a record's last content change makes it due for re-validation. */
export function revalidationCutoff(wf: WorkflowDeclaration, now: Date): string | null {
  return wf.revalidation ? new Date(now.getTime() - wf.revalidation.days * DAY_MS).toISOString() : null;
}

function valueAt(data: Row, path: string): unknown {
  let v: unknown = data;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Row)[k];
  }
  return v;
}

/**
 * A mail template's `{{path}}` tokens replaced by values of `data` (`record.name`, `siteName`,
 * `state`…); in `html` mode values are escaped, so a name never injects markup.
 */
export function renderWorkflowTemplate(template: string, data: Row, mode: 'html' | 'text'): string {
  return template.replace(/\{\{\s*([a-zA-Z0-9_.]+)\s*\}\}/g, (_m, path: string) => {
    const v = valueAt(data, path);
    const text = v === undefined || v === null ? '' : String(v);
    return mode === 'html' ? escapeHtmlText(text) : text.replace(/[\r\n]+/g, ' ');
  });
}

/** What running a transition changes, decided before anything is written (one transaction does it all). */
export interface TransitionPlan {
  transition: WorkflowTransition;
  fromState: string;
  toState: string;
  /** The values written on the record: the state and the transition's `set`. */
  changes: Row;
  history: { date: string; transition: string; fromState: string; toState: string; actor: number | null };
}

/** The plan of a transition, or why it is refused (`actor` null: the scheduler). */
export function planTransition(
  wf: WorkflowDeclaration,
  name: string,
  data: GuardData,
  now: Date,
  options: { system?: boolean } = {},
): { plan: TransitionPlan } | { refused: TransitionRefusal } {
  const t = wf.transitions.find((x) => x.name === name);
  // The scheduler runs its transition whatever the roles; people need one of them.
  const why = options.system && t ? systemRefusal(wf, t, data) : refusal(wf, name, data);
  if (why || !t) return { refused: why ?? { code: 'unknown_transition' } };
  const fromState = stateOf(wf, data.record);
  return {
    plan: {
      transition: t,
      fromState,
      toState: t.to,
      changes: { ...(t.set ?? {}), [wf.stateField]: t.to },
      history: {
        date: now.toISOString(),
        transition: t.name,
        fromState,
        toState: t.to,
        actor: options.system ? null : data.user.pk,
      },
    },
  };
}

function systemRefusal(wf: WorkflowDeclaration, t: WorkflowTransition, data: GuardData): TransitionRefusal | null {
  const state = stateOf(wf, data.record);
  if (!t.from.includes(state)) return { code: 'state', state };
  if (t.guard && !holds(t.guard.rule, data)) return { code: 'guard', message: t.guard.message };
  return null;
}
