import { describe, expect, it } from 'vitest';
import { allowedStep, furthestStep, holdExpired, nextStep, previousStep, stepStatus } from './booking-steps';
import type { BookedAppointment } from './booking-api';

const appointment = (status: BookedAppointment['status'], holdExpiresAt: string | null = null) =>
  ({ pk: 1, uuid: 'u', status, holdExpiresAt }) as BookedAppointment;

describe('booking steps', () => {
  it('numbers the steps « Étape x sur 4 »', () => {
    expect(stepStatus('selection')).toBe('Étape 1 sur 4');
    expect(stepStatus('recapitulatif')).toBe('Étape 4 sur 4');
  });

  it('goes forward and back in order, never back from the récapitulatif', () => {
    expect(nextStep('selection')).toBe('questionnaire');
    expect(nextStep('identification')).toBe('recapitulatif');
    expect(nextStep('recapitulatif')).toBeNull();
    expect(previousStep('questionnaire')).toBe('selection');
    expect(previousStep('selection')).toBeNull();
    expect(previousStep('recapitulatif')).toBeNull();
  });

  it('never lets a visitor past what is held or confirmed', () => {
    const none = { appointment: null, signedInClient: false };
    const held = { appointment: appointment('waiting'), signedInClient: false };
    const done = { appointment: appointment('validated'), signedInClient: true };
    expect(furthestStep(none)).toBe('selection');
    expect(allowedStep('identification', none)).toBe('selection');
    expect(allowedStep('questionnaire', held)).toBe('questionnaire');
    expect(allowedStep('recapitulatif', held)).toBe('identification');
    expect(allowedStep('recapitulatif', { ...held, signedInClient: true })).toBe('recapitulatif');
    // Signing in on the identification step does not skip it: the visitor sees who and goes on.
    expect(allowedStep('identification', { ...held, signedInClient: true })).toBe('identification');
    expect(allowedStep('selection', done)).toBe('recapitulatif');
    expect(furthestStep({ appointment: appointment('cancelled'), signedInClient: false })).toBe('selection');
    // A time chosen before a questionnaire: the questionnaire opens, not further.
    expect(allowedStep('identification', { ...none, pendingTime: true })).toBe('questionnaire');
  });

  it('sees a hold as expired once its expiry has passed', () => {
    const now = new Date('2026-11-25T14:00:00Z');
    expect(holdExpired(appointment('waiting', '2026-11-25T13:59:59Z'), now)).toBe(true);
    expect(holdExpired(appointment('waiting', '2026-11-25T14:30:00Z'), now)).toBe(false);
    expect(holdExpired(appointment('validated', '2026-11-25T13:00:00Z'), now)).toBe(false);
    expect(holdExpired(null, now)).toBe(false);
  });
});
