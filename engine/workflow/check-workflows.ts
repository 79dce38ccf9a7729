import { ALLOWED_OPERATORS, operatorsOf, varsOf } from '../logic/logic';
import type { EntitySchema, RolesDeclaration } from '../schema/types';
import type { WorkflowDeclaration } from './workflow-types';

/**
 * What the meta-schema cannot say about a workflow file: its entity and properties exist, its
 * states are exactly the state field's values, transitions name known states and roles, guards
 * use allowed operators and variables. Problems are lines for `npm run generate`.
 */
export function checkWorkflows(
  workflows: WorkflowDeclaration[],
  entities: EntitySchema[],
  roles: RolesDeclaration,
): string[] {
  const problems: string[] = [];
  const seenEntities = new Set<string>();
  for (const wf of workflows) {
    const where = `workflow ${wf.name}`;
    const entity = entities.find((e) => e['x-entity'].name === wf.entity);
    if (!entity) {
      problems.push(`${where}: entity "${wf.entity}" does not exist`);
      continue;
    }
    if (seenEntities.has(wf.entity)) problems.push(`${where}: entity "${wf.entity}" already has a workflow`);
    seenEntities.add(wf.entity);
    const props = entity.properties;
    const stateProp = props[wf.stateField];
    const states = new Set(Object.keys(wf.states));
    if (!stateProp) problems.push(`${where}: state field "${wf.stateField}" is not a property of ${wf.entity}`);
    else {
      const values = new Set((stateProp.enum ?? []) as string[]);
      for (const s of states)
        if (!values.has(s)) problems.push(`${where}: state "${s}" is not a value of ${wf.stateField}`);
      // Only a transition moves the state (history, guards, mail): the generic write must not.
      if (!stateProp.readOnly) problems.push(`${where}: state field "${wf.stateField}" must be readOnly`);
      if (stateProp.default !== wf.initial)
        problems.push(`${where}: ${wf.stateField} must default to the initial state "${wf.initial}"`);
    }
    if (!states.has(wf.initial)) problems.push(`${where}: initial state "${wf.initial}" is not a state`);
    const fieldExists = (f: string, what: string) => {
      if (!props[f]) problems.push(`${where}: ${what} "${f}" is not a property of ${wf.entity}`);
    };
    if (wf.contentStamp) fieldExists(wf.contentStamp, 'contentStamp');
    for (const f of wf.notContent ?? []) fieldExists(f, 'notContent');
    if (wf.recipient) fieldExists(wf.recipient.userField, 'recipient');
    if (wf.publication) {
      fieldExists(wf.publication.versionField, 'versionField');
      fieldExists(wf.publication.draftLink, 'draftLink');
      const link = props[wf.publication.draftLink];
      if (link && (!link.readOnly || link['x-relation']?.entity !== wf.entity))
        problems.push(`${where}: draftLink must be a readOnly relation to ${wf.entity}`);
    }
    if (wf.needsUpdate && !wf.contentStamp) problems.push(`${where}: needsUpdate needs a contentStamp`);
    const names = new Set<string>();
    for (const t of wf.transitions) {
      const tw = `${where}, transition ${t.name}`;
      if (names.has(t.name)) problems.push(`${tw}: the name is used twice`);
      names.add(t.name);
      for (const s of [...t.from, t.to]) if (!states.has(s)) problems.push(`${tw}: "${s}" is not a state`);
      for (const r of t.roles) if (!roles.roles[r]) problems.push(`${tw}: role "${r}" is not in roles.json`);
      for (const k of Object.keys(t.set ?? {})) fieldExists(k, `${t.name}.set`);
      if (t.publication && !wf.publication) problems.push(`${tw}: publication without the workflow's publication`);
      if (t.mail && !wf.recipient) problems.push(`${tw}: a mail needs the workflow's recipient`);
      if (t.guard) {
        for (const op of operatorsOf(t.guard.rule))
          if (!ALLOWED_OPERATORS.has(op)) problems.push(`${tw}: guard operator "${op}" is not allowed`);
        for (const v of varsOf(t.guard.rule)) {
          const [root, field] = v.split('.');
          if (!['user', 'record', 'published', 'differs'].includes(root))
            problems.push(`${tw}: guard variable "${v}" must be user., record., published. or differs`);
          if ((root === 'record' || root === 'published') && field && !props[field])
            problems.push(`${tw}: guard variable "${v}" is not a property`);
        }
      }
    }
    if (wf.revalidation) {
      const t = wf.transitions.find((x) => x.name === wf.revalidation!.transition);
      if (!t) problems.push(`${where}: revalidation transition "${wf.revalidation.transition}" does not exist`);
    }
  }
  return problems;
}
