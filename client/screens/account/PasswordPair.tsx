import {
  PASSWORD_MIN,
  basicPasswordProblems,
  type PasswordProblem,
} from '../../../server/modules/accounts/password-policy';
import { at } from './account-api';

export interface PairValue {
  p1: string;
  p2: string;
}

type PasswordCheck = (password: string, email: string | null | undefined) => PasswordProblem[];
let strengthCheck: PasswordCheck | null = null;
let strengthLoading: Promise<void> | null = null;

/**
 * The strength estimate (zxcvbn and its French dictionaries, ~540 KB) loads when a new password
 * is first typed, in its own chunk; until then the screens check the rules that need no dictionary.
 */
function loadStrengthCheck(): void {
  strengthLoading ??= import('../../../server/modules/accounts/password-strength').then(
    (m) => {
      strengthCheck = m.passwordProblems;
    },
    () => {
      strengthLoading = null;
    },
  );
}

/** The rule checked before sending (the server checks it again and has the last word). */
export function localPairErrors(value: PairValue, email: string | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!value.p1) errors.newPassword1 = at('validation.required');
  else {
    const problem = (strengthCheck ?? basicPasswordProblems)(value.p1, email)[0];
    if (problem) errors.newPassword1 = at(problem.code, problem.params);
  }
  if (!value.p2) errors.newPassword2 = at('validation.required');
  else if (value.p1 && value.p1 !== value.p2) errors.newPassword2 = at('accounts.password.mismatch');
  return errors;
}

/** The new password typed twice, with the rule written under the first entry. */
export function PasswordPair(props: {
  value: PairValue;
  onChange: (v: PairValue) => void;
  errors: Record<string, string>;
  idPrefix: string;
  autoFocus?: boolean;
}) {
  const { value, errors, idPrefix } = props;
  const field = (
    key: 'newPassword1' | 'newPassword2',
    label: string,
    v: string,
    set: (s: string) => void,
    help?: string,
  ) => {
    const id = `${idPrefix}-${key}`;
    const described =
      [help ? `${id}-help` : null, errors[key] ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`field${errors[key] ? ' has-error' : ''}`}>
        <label htmlFor={id}>
          {label}{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={id}
          type="password"
          autoComplete="new-password"
          value={v}
          required
          minLength={PASSWORD_MIN}
          aria-invalid={Boolean(errors[key])}
          aria-describedby={described}
          onChange={(e) => set(e.target.value)}
          onFocus={key === 'newPassword1' ? loadStrengthCheck : undefined}
          autoFocus={key === 'newPassword1' && props.autoFocus}
        />
        {help && (
          <p className="field-help" id={`${id}-help`}>
            {help}
          </p>
        )}
        {errors[key] && (
          <p className="field-error" id={`${id}-error`}>
            {errors[key]}
          </p>
        )}
      </div>
    );
  };
  return (
    <>
      {field(
        'newPassword1',
        at('accounts.ui.new_password'),
        value.p1,
        (p1) => props.onChange({ ...value, p1 }),
        at('accounts.password.rule', { min: PASSWORD_MIN }),
      )}
      {field('newPassword2', at('accounts.ui.new_password_again'), value.p2, (p2) => props.onChange({ ...value, p2 }))}
    </>
  );
}

/** Server field errors by path (first message of each field). */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const fe of (err as { errors?: { path: string; message: string }[] }).errors ?? [])
    if (fe.path) out[fe.path] ??= fe.message;
  return out;
}
