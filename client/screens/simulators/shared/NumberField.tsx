import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { inputText, parseInput } from './format';

export interface NumberFieldProps {
  label: string;
  /** The value the calculation uses (the user's, or the default). */
  value: number | null;
  /** The user's value changed; null = back to the default (when `nullable`). */
  onChange: (value: number | null) => void;
  unit?: string;
  min?: number;
  max?: number;
  /** Shown value = stored value × scale (100 for a ratio typed in %). */
  scale?: number;
  /** Empty means "the default" instead of an error. */
  nullable?: boolean;
  integer?: boolean;
  help?: ReactNode;
  disabled?: boolean;
  /** An error from the server, shown until the value changes. */
  error?: string | null;
  /** Extra class on the wrapper (e.g. compact). */
  className?: string;
  id?: string;
}

const range = (min?: number, max?: number) => {
  const f = (v: number) => inputText(v);
  if (min !== undefined && max !== undefined) return `La valeur doit être comprise entre ${f(min)} et ${f(max)}.`;
  if (min !== undefined) return `La valeur doit être supérieure ou égale à ${f(min)}.`;
  return `La valeur doit être inférieure ou égale à ${f(max!)}.`;
};

/** « Le calcul garde 2 000 €. »: what the figures still use while the entry is rejected. */
function keptValue(shown: number | null, unit?: string): string {
  if (shown === null) return '';
  return ` Le calcul garde ${inputText(shown)}${unit ? `\u00a0${unit}` : ''}.`;
}

/**
 * A French number input: accepts "12,5" as well as "12.5", keeps what is typed while it is being
 * typed, and commits a value only when it is a valid number within bounds (else a French error).
 * It holds its own text, so a keystroke re-renders this field only.
 */
export function NumberField(props: NumberFieldProps) {
  const generated = useId();
  const id = props.id ?? generated;
  const scale = props.scale ?? 1;
  const shown = props.value === null ? null : Math.round(props.value * scale * 1e9) / 1e9;
  const [text, setText] = useState(inputText(shown));
  const [focused, setFocused] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const followed = useRef(shown);
  useEffect(() => {
    // Follow outside changes (a preset, a reset) unless the user is typing in this field. Only a
    // change of the value does: leaving the field keeps a rejected entry and its message on show
    // (it used to revert silently, so « deux mille » just vanished).
    if (followed.current === shown) return;
    followed.current = shown;
    if (!focused) {
      setText(inputText(shown));
      setLocalError(null);
    }
  }, [shown, focused]);

  const change = (next: string) => {
    setText(next);
    const parsed = parseInput(next);
    if (parsed === null) {
      if (props.nullable) {
        setLocalError(null);
        props.onChange(null);
      } else setLocalError(`Ce champ est obligatoire.${keptValue(shown, props.unit)}`);
      return;
    }
    const kept = keptValue(shown, props.unit);
    if (Number.isNaN(parsed))
      return setLocalError(
        `Saisissez un nombre en chiffres, par exemple ${props.integer ? '15' : '2 000 ou 12,5'}.${kept}`,
      );
    if (props.integer && !Number.isInteger(parsed)) return setLocalError(`Saisissez un nombre entier.${kept}`);
    const min = props.min !== undefined ? props.min * scale : undefined;
    const max = props.max !== undefined ? props.max * scale : undefined;
    if ((min !== undefined && parsed < min) || (max !== undefined && parsed > max))
      return setLocalError(`${range(min, max)}${kept}`);
    setLocalError(null);
    props.onChange(parsed / scale);
  };

  const error = localError ?? props.error ?? null;
  const describedBy =
    [props.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field sim-field${error ? ' has-error' : ''}${props.className ? ` ${props.className}` : ''}`}>
      <label htmlFor={id}>
        {props.label}
        {props.unit && <span className="visually-hidden"> ({props.unit})</span>}
      </label>
      <div className="sim-input-unit">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={props.disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            if (!localError) setText(inputText(shown));
          }}
          onChange={(e) => change(e.target.value)}
        />
        {props.unit && (
          <span className="sim-unit" aria-hidden="true">
            {props.unit}
          </span>
        )}
      </div>
      {props.help && (
        <p className="field-help" id={`${id}-help`}>
          {props.help}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
