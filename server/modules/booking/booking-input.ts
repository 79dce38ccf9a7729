import type { FieldError } from '../../../engine/validation/field-error';
import { HttpError, ValidationError } from '../../http/http-error';
import { BOOKING_MESSAGES as M } from './booking-messages';
import { instant } from './booking-dates';

/** What a visitor (or an advisor) asks to book: checked for shape here, for meaning in the transaction. */
export interface BookingRequest {
  reason: number;
  slot: number;
  /** UTC ISO instant of the offered time. */
  start: string;
  advisor: number | null;
  description: string;
  formAnswers: unknown;
}

const MAX_DESCRIPTION = 5000;

export class FieldErrors {
  readonly list: FieldError[] = [];
  add(path: string, code: string, text: string, params: Record<string, unknown> = {}): void {
    this.list.push({ path, code, params, message: text });
  }
  throwIfAny(): void {
    if (this.list.length) throw new ValidationError(this.list, M.summary);
  }
}

/** A positive integer, given as a number or as digits (query strings, forms). */
export function pkOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, 'invalid_json', M.summary, [{ path: '', code: 'object', params: {}, message: M.summary }]);
  return body as Record<string, unknown>;
}

/** The visitor's free text, when given (a type or length problem is added to `errors`). */
export function descriptionOf(body: Record<string, unknown>, errors: FieldErrors): string | undefined {
  if (body.description === undefined || body.description === null) return undefined;
  if (typeof body.description !== 'string') errors.add('description', 'type', M.notText);
  else if (body.description.length > MAX_DESCRIPTION)
    errors.add('description', 'max_length', M.tooLong.replace('{max}', String(MAX_DESCRIPTION)), {
      max: MAX_DESCRIPTION,
    });
  else return body.description;
  return undefined;
}

export function parseBookingRequest(
  raw: unknown,
  options: { withClient?: boolean } = {},
): BookingRequest & {
  client: number | null;
} {
  const body = bodyObject(raw);
  const errors = new FieldErrors();
  const reason = pkOf(body.reason);
  if (body.reason === undefined || body.reason === null || body.reason === '')
    errors.add('reason', 'required', M.required);
  else if (reason === null) errors.add('reason', 'unknown', M.unknownReason);
  const slot = pkOf(body.slot);
  if (body.slot === undefined || body.slot === null || body.slot === '') errors.add('slot', 'required', M.required);
  else if (slot === null) errors.add('slot', 'unknown', M.unknownSlot);
  // `startDate` is accepted for the back office's shape; a missing start is a 400, never a 500.
  const rawStart = body.start ?? body.startDate;
  const start = instant(rawStart);
  if (rawStart === undefined || rawStart === null || rawStart === '') errors.add('start', 'required', M.required);
  else if (start === null) errors.add('start', 'invalid', M.badStart);
  let advisor: number | null = null;
  if (body.advisor !== undefined && body.advisor !== null && body.advisor !== '') {
    advisor = pkOf(body.advisor);
    if (advisor === null) errors.add('advisor', 'unknown', M.unknownAdvisor);
  }
  let client: number | null = null;
  if (options.withClient) {
    if (body.client === undefined || body.client === null || body.client === '')
      errors.add('client', 'required', M.required);
    else {
      client = pkOf(body.client);
      if (client === null) errors.add('client', 'unknown', M.unknownClient);
    }
  }
  const description = descriptionOf(body, errors) ?? '';
  errors.throwIfAny();
  return {
    reason: reason!,
    slot: slot!,
    start: start!,
    advisor,
    client,
    description,
    formAnswers: body.formAnswers,
  };
}
