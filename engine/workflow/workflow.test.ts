import { describe, expect, it } from 'vitest';
import { loadDeclarations } from '../../server/schema/load-declarations';
import { checkWorkflows } from './check-workflows';
import {
  availableTransitions,
  changedContent,
  contentFields,
  differences,
  needsUpdate,
  planTransition,
  refusal,
  renderWorkflowTemplate,
  type GuardData,
} from './workflow';
import type { WorkflowDeclaration } from './workflow-types';

const decls = loadDeclarations();
const wf = (entity: string) => decls.workflows!.find((w) => w.entity === entity)!;
const sheet = wf('listepro-professional');
const presentation = wf('listepro-presentation');
const pro = { pk: 13, roles: ['signedIn', 'professional', 'authenticated'] };
const advisor = { pk: 3, roles: ['signedIn', 'advisor', 'staff', 'authenticated'] };
const data = (
  user: GuardData['user'],
  record: Record<string, unknown>,
  published: Record<string, unknown> | null = null,
) =>
  ({
    user,
    record,
    published,
    differs: published === null || differences(['description'], record, published).length > 0,
  }) as GuardData;

describe('workflow engine', () => {
  it('declares the directory workflows and the projects exchange one without problems', () => {
    expect(decls.workflows!.map((w) => w.entity).sort()).toEqual([
      'bap-project',
      'listepro-bank-offer',
      'listepro-presentation',
      'listepro-professional',
      'listepro-reference',
    ]);
    expect(checkWorkflows(decls.workflows!, decls.entities, decls.roles)).toEqual([]);
  });

  it('finds what a workflow file gets wrong', () => {
    const broken: WorkflowDeclaration = {
      ...presentation,
      name: 'broken',
      initial: 'nowhere',
      transitions: [
        { name: 'go', label: 'Aller', from: ['draft'], to: 'limbo', roles: ['wizard'] },
        {
          name: 'peek',
          label: 'Voir',
          from: ['draft'],
          to: 'draft',
          roles: ['advisor'],
          guard: { rule: { '==': [{ var: 'secret.x' }, 1] }, message: 'Non.' },
        },
      ],
    };
    const problems = checkWorkflows([broken], decls.entities, decls.roles).join('\n');
    expect(problems).toContain('initial state "nowhere" is not a state');
    expect(problems).toContain('"limbo" is not a state');
    expect(problems).toContain('role "wizard" is not in roles.json');
    expect(problems).toContain('guard variable "secret.x"');
  });

  it('offers a transition only to its roles, from its states, when its guard holds', () => {
    const initial = { transitionState: 'initial', name: 'Atelier', job: null, email: '' };
    expect(availableTransitions(sheet, data(pro, initial)).map((t) => t.name)).toEqual(['fill']);
    expect(availableTransitions(sheet, data(advisor, initial)).map((t) => t.name)).toEqual([
      'fill',
      'without_follow_up',
    ]);
    const draft = { ...initial, transitionState: 'draft' };
    // The guard: a sheet without a job cannot be submitted; its message says why.
    expect(refusal(sheet, 'submit', data(pro, draft))).toEqual({
      code: 'guard',
      message: 'Renseignez la raison sociale, le métier et le courriel de la fiche avant de la soumettre.',
    });
    const complete = { ...draft, job: 2, email: 'atelier@exemple.fr' };
    expect(refusal(sheet, 'submit', data(pro, complete))).toBeNull();
    // The role comes before the state: a professional never publishes, whatever the state.
    expect(refusal(sheet, 'publish', data(pro, { ...complete, transitionState: 'in_validation' }))).toEqual({
      code: 'role',
    });
    expect(refusal(sheet, 'publish', data(advisor, complete))).toEqual({ code: 'state', state: 'draft' });
    expect(refusal(sheet, 'nope', data(advisor, complete))).toEqual({ code: 'unknown_transition' });
  });

  it('plans the state change, the set values and the history line with its actor', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const result = planTransition(sheet, 'publish', data(advisor, { transitionState: 'in_validation' }), now);
    expect('plan' in result && result.plan).toMatchObject({
      fromState: 'in_validation',
      toState: 'published',
      changes: { transitionState: 'published', proIsValid: true },
      history: {
        date: now.toISOString(),
        transition: 'publish',
        fromState: 'in_validation',
        toState: 'published',
        actor: 3,
      },
    });
    // The scheduler runs its transition without a role, and is recorded with no actor.
    const yearly = planTransition(sheet, 'annual_validation', data(pro, { transitionState: 'published' }), now, {
      system: true,
    });
    expect('plan' in yearly && yearly.plan.history.actor).toBeNull();
    expect(planTransition(sheet, 'annual_validation', data(pro, { transitionState: 'published' }), now)).toEqual({
      refused: { code: 'role' },
    });
  });

  it('lets a published presentation be submitted again only once its draft differs', () => {
    const published = { transitionState: 'published', activities: [1], description: '<p>Publiée</p>' };
    const same = { ...published };
    expect(refusal(presentation, 'submit', data(pro, same, published))?.code).toBe('guard');
    expect(
      refusal(presentation, 'submit', data(pro, { ...same, description: '<p>Nouvelle</p>' }, published)),
    ).toBeNull();
  });

  it('tells content changes from other saves, and needs an update after a year without one', () => {
    const fields = contentFields(
      sheet,
      decls.entities.find((e) => e['x-entity'].name === 'listepro-professional')!.properties,
    );
    expect(fields).toContain('name');
    expect(fields).not.toContain('proIsValid');
    expect(fields).not.toContain('transitionState');
    expect(fields).not.toContain('labels');
    const before = { name: 'A', phoneNumber: '', labels: [] };
    expect(changedContent(fields, before, { ...before, labels: [1] })).toEqual([]);
    expect(changedContent(fields, before, { ...before, phoneNumber: '04 76 00 00 00' })).toEqual(['phoneNumber']);
    const now = new Date('2026-06-01T00:00:00Z');
    const old = { transitionState: 'published', contentUpdatedAt: '2025-05-01T00:00:00Z' };
    expect(needsUpdate(sheet, old, now)).toBe(true);
    expect(needsUpdate(sheet, { ...old, contentUpdatedAt: '2025-09-01T00:00:00Z' }, now)).toBe(false);
    expect(needsUpdate(sheet, { ...old, transitionState: 'draft' }, now)).toBe(false);
  });

  it('highlights the fields that differ between the draft and the published version', () => {
    expect(
      differences(
        ['description', 'activities'],
        { description: 'a', activities: [1, 2] },
        { description: 'a', activities: [1] },
      ),
    ).toEqual(['activities']);
    expect(differences(['description'], { description: '' }, { description: null })).toEqual([]);
    expect(differences(['description'], { description: 'a' }, null)).toEqual(['description']);
  });

  it('renders mail templates with escaped values', () => {
    expect(
      renderWorkflowTemplate(
        '<p>{{ record.name }} — {{siteName}}{{missing}}</p>',
        { record: { name: '<b>A&B</b>' }, siteName: 'Annuaire' },
        'html',
      ),
    ).toBe('<p>&lt;b&gt;A&amp;B&lt;/b&gt; — Annuaire</p>');
    expect(renderWorkflowTemplate('Fiche {{record.name}}', { record: { name: 'A\nB' } }, 'text')).toBe('Fiche A B');
  });
});
