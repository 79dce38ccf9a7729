import { describe, expect, it } from 'vitest';
import { folderStatus } from './folder-status';

// The « Ménages » journey of the seeded national programme: Nouveau dossier (0), Conseillé (1),
// Travaux en cours (2), Projet terminé (3); A1 and A2 trigger Conseillé, A4 Travaux en cours.
const NEW = 1;
const ADVISED = 2;
const WORKS = 3;
const DONE = 4;
const steps = [
  { pk: WORKS, order: 2 },
  { pk: NEW, order: 0 },
  { pk: DONE, order: 3 },
  { pk: ADVISED, order: 1 },
];
const a1 = (done: boolean, date: string | null = '2026-03-02') => ({ done, date, triggerStatus: ADVISED });
const a4 = (done: boolean, date: string | null = '2026-05-10') => ({ done, date, triggerStatus: WORKS });
const comment = { done: true, date: '2026-03-01', triggerStatus: null };

describe('folder status (reference 8.9)', () => {
  it('is the first status while no done action triggers one', () => {
    expect(folderStatus(steps, [a1(false), a4(false), comment])).toBe(NEW);
  });
  it('is the status of a done action', () => {
    expect(folderStatus(steps, [a1(true), a4(false)])).toBe(ADVISED);
  });
  it('is the furthest status reached, whatever the order of the actions', () => {
    expect(folderStatus(steps, [a4(true), a1(true)])).toBe(WORKS);
    expect(folderStatus(steps, [a4(true), a1(false)])).toBe(WORKS);
  });
  it('goes back when the action that triggered it is undone', () => {
    expect(folderStatus(steps, [a1(true), a4(false)])).toBe(ADVISED);
  });
  it('at a date, counts only the actions done on or before it', () => {
    const actions = [a1(true, '2026-03-02'), a4(true, '2026-05-10')];
    expect(folderStatus(steps, actions, '2026-03-01')).toBe(NEW);
    expect(folderStatus(steps, actions, '2026-03-02')).toBe(ADVISED);
    expect(folderStatus(steps, actions, '2026-05-09')).toBe(ADVISED);
    expect(folderStatus(steps, actions, '2026-05-10')).toBe(WORKS);
  });
  it('is null for a model without statuses', () => {
    expect(folderStatus([], [a1(true)])).toBeNull();
  });
  it('breaks ties on order by pk', () => {
    expect(
      folderStatus(
        [
          { pk: 9, order: 0 },
          { pk: 7, order: 0 },
        ],
        [],
      ),
    ).toBe(7);
  });
});
