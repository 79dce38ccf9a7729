import { describe, expect, it } from 'vitest';
import { matchingUsers, projectMatches, type BapCandidate, type BapProjectTarget } from './matching';

const project: BapProjectTarget = { activity: 1, subMission: 9, commune: '38185', department: '38' };
const base: BapCandidate = {
  user: 6,
  userIsActive: true,
  allowToRegisterToBap: true,
  charterAccepted: true,
  proIsValid: true,
  transitionState: 'published',
  activities: [1, 2],
  subMissions: [4, 9],
  departments: [],
  communes: ['38185'],
};

describe('projects exchange matching', () => {
  it('reaches a joined, active professional whose sheet and zone match', () => {
    expect(projectMatches(base, project)).toBe(true);
    expect(projectMatches({ ...base, communes: [], departments: ['38'] }, project)).toBe(true);
  });

  it.each([
    ['an inactive account', { userIsActive: false }],
    ['no access granted by the team', { allowToRegisterToBap: false }],
    ['the charter not accepted', { charterAccepted: false }],
    ['a sheet not valid', { proIsValid: false }],
    ['a sheet not published', { transitionState: 'in_validation' }],
    ['another activity', { activities: [2] }],
    ['another sub-mission', { subMissions: [4] }],
    ['another commune and department', { communes: ['38421'], departments: ['73'] }],
    ['no zone at all', { communes: [], departments: [] }],
  ] as [string, Partial<BapCandidate>][])('leaves out %s', (_why, change) => {
    expect(projectMatches({ ...base, ...change }, project)).toBe(false);
  });

  it('does not take an empty department for every department', () => {
    expect(projectMatches({ ...base, communes: [], departments: [''] }, { ...project, department: '' })).toBe(false);
  });

  it('lists each matching account once, in order', () => {
    const others = [
      { ...base, user: 9 },
      { ...base, user: 3, subMissions: [1] },
      { ...base, user: 9, communes: [], departments: ['38'] },
      { ...base, user: 4, userIsActive: false },
    ];
    expect(matchingUsers([...others, base], project)).toEqual([6, 9]);
  });
});
