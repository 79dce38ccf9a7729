import type { EntityHook } from './hook-types';
import { reasonFormErrors } from '../modules/booking/reason-form';

/** A reason's questionnaire must be a form the booking pages can render and the server can check. */
export const reasonForm: EntityHook = {
  validate: ({ record }) => reasonFormErrors(record.form),
};
