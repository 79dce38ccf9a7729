import { describe, expect, it } from 'vitest';
import { applyDoneRules, completionProblems } from './action-lifecycle';

const TODAY = '2026-11-25';
const CLAIRE = 3;
const SAMUEL = 4;

describe('who did an action and when (reference 8.10)', () => {
  it('a new done action is done by the caller, dated today when it has no date', () => {
    expect(applyDoneRules({ done: true, date: null, doneBy: null }, undefined, CLAIRE, TODAY)).toEqual({
      done: true,
      date: TODAY,
      doneBy: CLAIRE,
    });
  });
  it('keeps the date typed', () => {
    expect(applyDoneRules({ done: true, date: '2026-10-01', doneBy: null }, undefined, CLAIRE, TODAY).date).toBe(
      '2026-10-01',
    );
  });
  it('becoming done: the caller; staying done: whoever did it first', () => {
    const before = { done: false, date: null, doneBy: null };
    expect(applyDoneRules({ done: true, date: null, doneBy: null }, before, SAMUEL, TODAY).doneBy).toBe(SAMUEL);
    const doneBefore = { done: true, date: '2026-10-01', doneBy: CLAIRE };
    expect(applyDoneRules({ ...doneBefore }, doneBefore, SAMUEL, TODAY).doneBy).toBe(CLAIRE);
  });
  it('not done: nobody did it; a planned date is kept', () => {
    const doneBefore = { done: true, date: '2026-10-01', doneBy: CLAIRE };
    expect(applyDoneRules({ done: false, date: '2026-12-01', doneBy: CLAIRE }, doneBefore, SAMUEL, TODAY)).toEqual({
      done: false,
      date: '2026-12-01',
      doneBy: null,
    });
  });
});

describe('what a done action must carry (reference 3.7)', () => {
  const all = { messageRequired: true, fileRequired: true, contactRequired: true };
  it('nothing is required of an action not done', () => {
    expect(completionProblems(all, { done: false, message: '', hasAttachment: false, contact: null })).toEqual([]);
  });
  it('a done action misses its comment, its attachment and its contact', () => {
    expect(completionProblems(all, { done: true, message: '', hasAttachment: false, contact: null })).toEqual([
      'message_required',
      'file_required',
      'contact_required',
    ]);
  });
  it('a comment made only of HTML is empty', () => {
    const rules = { messageRequired: true, fileRequired: false, contactRequired: false };
    const evidence = { done: true, hasAttachment: false, contact: null };
    expect(completionProblems(rules, { ...evidence, message: '<p>&nbsp;</p>' })).toEqual(['message_required']);
    expect(completionProblems(rules, { ...evidence, message: '<p>Audit remis</p>' })).toEqual([]);
  });
  it('a done action with everything passes', () => {
    expect(completionProblems(all, { done: true, message: 'ok', hasAttachment: true, contact: 12 })).toEqual([]);
  });
});
