import { describe, expect, it } from 'vitest';
import { mayShowAction } from './may-show-action';
import type { RuleUser } from '../../engine/logic/user-context';

const user = (roles: string[]): RuleUser => ({
  pk: 6,
  userType: roles[0] ?? 'professional',
  group: null,
  roles,
  scopeGroups: [],
  anonymous: false,
});
const whiteLabel = { id: 1, domain: 'localhost', modules: {} };
const interested = {
  name: 'post',
  label: 'Je suis intéressé',
  post: 'bap/interest/',
  visibleIf: { and: [{ role: ['professional'] }, { '==': [{ var: 'record.state' }, 'published'] }] },
};

describe('mayShowAction', () => {
  it('shows a post action where its rule holds for the record and the user only', () => {
    expect(mayShowAction(interested, { state: 'published' }, { user: user(['professional']), whiteLabel })).toBe(true);
    expect(mayShowAction(interested, { state: 'closed' }, { user: user(['professional']), whiteLabel })).toBe(false);
    expect(mayShowAction(interested, { state: 'published' }, { user: user(['advisor']), whiteLabel })).toBe(false);
  });
  it('leaves other actions, and a post without a rule, to themselves', () => {
    const { visibleIf: _ignored, ...always } = interested;
    expect(mayShowAction(always, {}, { user: user(['advisor']), whiteLabel })).toBe(true);
    expect(mayShowAction({ name: 'linkWhenFound', label: 'Doublons' }, {}, { user: user([]), whiteLabel })).toBe(true);
  });
});
