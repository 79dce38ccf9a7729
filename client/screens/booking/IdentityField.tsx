import { ApiError } from '../../api/http';

export const REQUIRED = 'Ce champ est obligatoire.';

/** One labelled input of the identification forms, with its French error under it. */
export function Field(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
}) {
  return (
    <div className={`field${props.error ? ' has-error' : ''}`}>
      <label htmlFor={props.id}>
        {props.label}
        {props.required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        required={props.required}
        aria-invalid={Boolean(props.error)}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p className="field-error" id={`${props.id}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}

export function fieldErrorsOf(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (err instanceof ApiError)
    for (const fe of err.errors ?? []) if (fe.path) out[fe.path.replace(/^user\./, '')] ??= fe.message;
  return out;
}

/** The person's fields both identification forms ask (civility, names, e-mail, phone), each with its French error. */
export interface PersonValues {
  civility: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export function PersonFields(props: {
  idPrefix: string;
  values: PersonValues;
  set: (k: keyof PersonValues) => (v: string) => void;
  errors: Record<string, string>;
  phoneRequired?: boolean;
}) {
  const { idPrefix, values, set, errors } = props;
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-civility`}>Civilité</label>
        <select id={`${idPrefix}-civility`} value={values.civility} onChange={(e) => set('civility')(e.target.value)}>
          <option value="">Non précisée</option>
          <option value="Mme">Mme</option>
          <option value="M.">M.</option>
        </select>
      </div>
      <Field
        id={`${idPrefix}-firstName`}
        label="Prénom"
        autoComplete="given-name"
        required
        value={values.firstName}
        onChange={set('firstName')}
        error={errors.firstName}
      />
      <Field
        id={`${idPrefix}-lastName`}
        label="Nom"
        autoComplete="family-name"
        required
        value={values.lastName}
        onChange={set('lastName')}
        error={errors.lastName}
      />
      <Field
        id={`${idPrefix}-email`}
        label="Adresse électronique"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <Field
        id={`${idPrefix}-phone`}
        label="Téléphone"
        type="tel"
        autoComplete="tel"
        required={props.phoneRequired}
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
    </>
  );
}
