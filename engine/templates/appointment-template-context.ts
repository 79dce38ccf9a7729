/**
 * What the tokens of a notification template (reference §5.5) read, as plain data: the server
 * fills it from the appointment and its relations, the engine never loads anything.
 */
export interface AppointmentTemplateContext {
  /** ISO instants of the appointment. */
  start: string;
  end: string;
  /** The moment the message is written (decides whether the year is shown). */
  now: string;
  contact: { fullName: string; email?: string | null } | null;
  advisor: { fullName: string } | null;
  group: { name: string; phone?: string | null };
  place: {
    name: string;
    /** Postal address, possibly on several lines. */
    address?: string | null;
    phone?: string | null;
    /** Stored, already sanitised HTML (`format: html`). */
    presentationHtml?: string | null;
  } | null;
  /** Stored, already sanitised HTML of the reason's description. */
  reasonDescriptionHtml?: string | null;
  /** The slot's public description, plain text. */
  slotPublicDescription?: string | null;
}
