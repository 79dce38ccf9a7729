import { describe, expect, it } from 'vitest';
import { digestMail, remindersOf, type DueReminder } from './reminder-digest';

const due = (over: Partial<DueReminder>): DueReminder => ({
  date: '2026-11-20',
  persons: [],
  owningGroup: 2,
  linked: { kind: 'contact', pk: 1, name: 'Hélène Ébrard' },
  note: '<p>Rappeler après l’AG</p>',
  ...over,
});

describe('reminder digest (reference §8.5)', () => {
  const mine = due({ persons: [3], date: '2026-11-21' });
  const unassigned = due({ date: '2026-11-19' });
  const otherPerson = due({ persons: [9] });
  const otherGroup = due({ owningGroup: 3 });

  it('keeps the advisor’s reminders and their structure’s unassigned ones, oldest first', () => {
    expect(remindersOf({ pk: 3, group: 2 }, [mine, otherPerson, unassigned, otherGroup])).toEqual([unassigned, mine]);
    expect(remindersOf({ pk: 4, group: 3 }, [mine, otherPerson, unassigned, otherGroup])).toEqual([otherGroup]);
    expect(remindersOf({ pk: 5, group: null }, [unassigned])).toEqual([]);
  });

  it('writes one French mail with a link per record and the list at the end', () => {
    const org = due({ linked: { kind: 'organization', pk: 4, name: 'Mairie de Bernin' }, date: '2026-11-02' });
    const mail = digestMail([mine, org], 'https://demo.fr')!;
    expect(mail.subject).toBe('[FAC] 2 rappels en attente');
    expect(mail.paragraphs).toEqual([
      'Vous avez 2 rappels en attente.',
      'Contacts',
      'Hélène Ébrard — rappel du 21.11.2026 — Note sur la fiche. Rappeler après l’AG https://demo.fr/fac/contacts/1',
      'Structures',
      'Mairie de Bernin — rappel du 02.11.2026 — Note sur la fiche. Rappeler après l’AG ' +
        'https://demo.fr/fac/organizations/4',
    ]);
    expect(mail.action.url).toBe('https://demo.fr/fac/reminders/');
    expect(digestMail([mine], 'https://demo.fr')!.subject).toBe('[FAC] 1 rappel en attente');
  });

  it('sends nothing without due reminders', () => {
    expect(digestMail([], 'https://demo.fr')).toBeNull();
  });
});
