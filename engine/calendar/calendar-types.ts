/** Plain shapes the iCalendar builders read (reference §5.6); the server fills them from its rows. */

export interface CalendarPerson {
  name: string;
  email?: string | null;
}

export interface AppointmentForCalendar {
  /**
   * The iCalendar UID, the same in every mail about the appointment: derived from its uuid by the server
   * (never the uuid itself, which is the secret of the visitor's links).
   */
  uid: string;
  /** Incremented on every save (first save 0). */
  sequence: number;
  status: 'waiting' | 'validated' | 'cancelled';
  subject: string;
  /** ISO instants. */
  start: string;
  end: string;
  updatedAt?: string | null;
  /** Stored HTML description. */
  descriptionHtml?: string | null;
  place: { name: string } | null;
  advisor: CalendarPerson | null;
  client:
    | (CalendarPerson & {
        phone?: string | null;
        mobile?: string | null;
        /** Postal address, written for file-area contacts (reference). */
        address?: string | null;
      })
    | null;
}

export interface SlotForCalendar {
  uuid: string;
  sequence: number;
  status: 'validated' | 'inactive' | 'cancelled';
  text: string;
  start: string;
  end: string;
  updatedAt?: string | null;
  description?: string | null;
  place: { name: string } | null;
  advisors: CalendarPerson[];
  reasons: string[];
}

/** Who sends an invitation (required by RFC 5546 for METHOD REQUEST and CANCEL). */
export interface CalendarOrganizer {
  name: string;
  email: string;
}

/** An event (events module) as its attendee's invitation shows it. */
export interface EventForCalendar {
  /** Derived from the registration's secret by the server, never the secret itself. */
  uid: string;
  sequence: number;
  title: string;
  start: string;
  end: string;
  descriptionHtml?: string | null;
  location: string | null;
  attendee: CalendarPerson;
}
