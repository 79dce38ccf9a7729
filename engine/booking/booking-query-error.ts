/**
 * A search or booking input the engine cannot answer (an unknown reason, place, advisor or commune,
 * an unreadable start date). The server answers 400 with `{ [field]: [message] }`; the message is French.
 */
export class BookingQueryError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'BookingQueryError';
  }
}
