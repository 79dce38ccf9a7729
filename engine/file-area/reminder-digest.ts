import { plainTextOf } from '../html/plain-text';

/** A due reminder as the digest shows it (reference §8.5). */
export interface DueReminder {
  date: string;
  persons: number[];
  owningGroup: number | null;
  /** The contact's or the organisation's record. */
  linked: { kind: 'contact' | 'organization'; pk: number; name: string };
  /** The note's HTML. */
  note: string;
}

export interface DigestAdvisor {
  pk: number;
  group: number | null;
}

/**
 * The due reminders of one advisor: those listing them among their persons, and those of their
 * structure that list nobody (reference §8.5), oldest first.
 */
export function remindersOf(advisor: DigestAdvisor, due: DueReminder[]): DueReminder[] {
  return due
    .filter((r) =>
      r.persons.length === 0
        ? r.owningGroup !== null && r.owningGroup === advisor.group
        : r.persons.includes(advisor.pk),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
}

const frenchDate = (iso: string) => iso.split('-').reverse().join('.');

export interface DigestMail {
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
}

/** The French mail of one advisor's due reminders, « contacts » then « structures »; null when none. */
export function digestMail(reminders: DueReminder[], origin: string): DigestMail | null {
  if (reminders.length === 0) return null;
  const n = reminders.length;
  const section = (kind: DueReminder['linked']['kind'], title: string, path: string) => {
    const items = reminders.filter((r) => r.linked.kind === kind);
    if (items.length === 0) return [];
    return [
      title,
      ...items.map(
        (r) =>
          `${r.linked.name} — rappel du ${frenchDate(r.date)} — Note sur la fiche. ${plainTextOf(r.note, 200)} ` +
          `${origin}${path}${r.linked.pk}`,
      ),
    ];
  };
  return {
    subject: `[FAC] ${n} rappel${n > 1 ? 's' : ''} en attente`,
    paragraphs: [
      `Vous avez ${n} rappel${n > 1 ? 's' : ''} en attente.`,
      ...section('contact', 'Contacts', '/fac/contacts/'),
      ...section('organization', 'Structures', '/fac/organizations/'),
    ],
    action: { label: 'Voir mes rappels', url: `${origin}/fac/reminders/` },
  };
}
