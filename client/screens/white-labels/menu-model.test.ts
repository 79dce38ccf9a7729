import { describe, expect, it } from 'vitest';
import type { MenuEntryInfo } from './api';
import { fromMenuOps, moveEntry, previewMenu, toMenuOps } from './menu-model';

const entry = (id: string, label: string, order: number, children?: MenuEntryInfo[]): MenuEntryInfo => ({
  id,
  label,
  order,
  moduleActive: true,
  hiddenByBase: false,
  children,
});
const advisor = [
  entry('dashboard', 'Tableau de bord', 0),
  entry('dialogwatt', 'Rendez-vous', 10, [
    entry('place.list', 'Lieux', 30),
    entry('reason.list', 'Motifs', 40),
    entry('notification.list', 'Notifications', 50),
  ]),
];
const professional = [entry('home', 'Accueil', 0), entry('profile', 'Mon profil', 5)];

describe('menu editor model', () => {
  it('gives back the operations it was given, in a stable order, and none for no change', () => {
    const ops = [
      { op: 'menuLabel' as const, entry: 'place.list', value: 'Nos permanences' },
      { op: 'menuHide' as const, entry: 'reason.list' },
    ];
    expect(toMenuOps([advisor, professional], fromMenuOps(ops))).toEqual([ops[0], ops[1]]);
    expect(toMenuOps([advisor, professional], fromMenuOps([]))).toEqual([]);
    // A label equal to the declaration's is no change.
    expect(toMenuOps([advisor], { ...fromMenuOps([]), labels: { 'place.list': 'Lieux ' } })).toEqual([]);
  });

  it('moves an entry among its siblings with explicit positions, and previews the result', () => {
    const siblings = advisor[1].children!;
    const moved = moveEntry(siblings, fromMenuOps([]), 'notification.list', -1)!;
    expect(moved.position).toBe(2);
    expect(toMenuOps([advisor], moved.model)).toEqual([
      { op: 'menuOrder', entry: 'place.list', value: 10 },
      { op: 'menuOrder', entry: 'reason.list', value: 30 },
      { op: 'menuOrder', entry: 'notification.list', value: 20 },
    ]);
    const model = { ...moved.model, hidden: ['place.list'], labels: { 'reason.list': 'Motifs de rendez-vous' } };
    expect(previewMenu(advisor, model)[1].children.map((c) => c.label)).toEqual([
      'Notifications',
      'Motifs de rendez-vous',
    ]);
    expect(moveEntry(siblings, fromMenuOps([]), 'place.list', -1)).toBeNull();
  });
});
