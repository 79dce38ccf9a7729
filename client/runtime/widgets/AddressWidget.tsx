import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { api } from '../../api/http';
import { t } from '../../lib/messages';
import { ariaProps } from './aria';
import { normaliseForSearch } from '../../../engine/search/normalise';
import './AddressWidget.css';

/** Spec 01 §5 and §9: search from 10 characters, 800 ms after the last keystroke, 15 results at most. */
export const MIN_CHARS = 10;
export const SEARCH_DEBOUNCE_MS = 800;
export const MAX_RESULTS = 15;
/** Reverse lookup from a position, debounced 1.5 s; geolocation waits 20 s and accepts a 10-minute-old fix. */
export const REVERSE_DEBOUNCE_MS = 1500;
export const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 20_000, maximumAge: 600_000 };

export interface AddressFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: {
    label: string;
    name?: string;
    postcode?: string;
    city?: string;
    citycode?: string;
    context?: string;
    type?: string;
    district?: boolean;
    fallback?: boolean;
  };
}

interface AddressAnswer {
  features: AddressFeature[];
  fallback?: boolean;
}

/** Which sibling fields receive what a chosen address says (ui option `fills`). */
export type Fills = Partial<Record<'postcode' | 'city' | 'citycode' | 'lat' | 'lon' | 'context', string>>;

/** By convention, the fields of the places form; only those the form has are filled. */
export const DEFAULT_FILLS: Fills = {
  postcode: 'postcode',
  city: 'city',
  citycode: 'inseecode',
  lat: 'lat',
  lon: 'lon',
};

interface AddressOptions {
  fills?: Fills;
  /** Show municipal districts ("Lyon 3e Arrondissement"); hidden unless district use is on. */
  districts?: boolean;
  /** On leaving the field without choosing: take the first suggestion, or clear the field. */
  forceSelectOnBlur?: boolean;
  /** Restrict to housenumber or municipality results. */
  type?: 'housenumber' | 'municipality';
  /** Offer « Me localiser » (default true). */
  locate?: boolean;
  /** Characters before searching (default MIN_CHARS); a commune alone is found from fewer. */
  minChars?: number;
}

/** What the generic edit screen provides (see GenericEdit's formContext). */
interface FillContext {
  setFields?: (patch: Record<string, unknown>) => void;
}

const DISTRICT = /\barrondissement\b/i;

/** Municipal districts are hidden unless district use is on. */
export function visibleFeatures(features: AddressFeature[], districts: boolean): AddressFeature[] {
  const shown = districts
    ? features
    : features.filter(
        (f) =>
          !f.properties.district && !DISTRICT.test(f.properties.city ?? '') && !DISTRICT.test(f.properties.name ?? ''),
      );
  return shown.slice(0, MAX_RESULTS);
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** A suggestion that knows the commune only (the national service's « municipality », or the local commune data). */
export function isCommuneOnly(feature: AddressFeature): boolean {
  return feature.properties.type === 'municipality' || feature.properties.fallback === true;
}

/**
 * What was typed before the commune, when a commune-only suggestion is chosen: « 12 rue
 * Mainssieux Voiron » → « 12 rue Mainssieux ». The commune's name (whatever its accents and case,
 * or its beginning when it was not typed in full) and postcodes are taken off; the rest is kept.
 */
export function typedStreet(typed: string, feature: AddressFeature): string {
  if (!isCommuneOnly(feature)) return '';
  const p = feature.properties;
  const city = normaliseForSearch(p.city ?? p.name ?? p.label).split(' ');
  const words = typed.split(/[\s,]+/).filter((w) => w !== '' && !/^\d{5}$/.test(w));
  const norm = words.map(normaliseForSearch);
  let at = -1;
  for (let i = norm.length - city.length; i >= 0 && at < 0; i--) if (city.every((c, k) => norm[i + k] === c)) at = i;
  if (at >= 0) words.splice(at, city.length);
  // The commune's beginning, typed last (« 12 rue Mainssieux Voir »), or alone (« Greno »: the
  // visitor was typing the commune, there is no street to keep).
  else if (words.length > 0 && norm[norm.length - 1].length >= 2 && city.join(' ').startsWith(norm[norm.length - 1]))
    words.pop();
  return words.join(' ');
}

/**
 * The field's value for a chosen suggestion: its label, or the typed street followed by the commune's postcode
 * and name.
 */
export function chosenAddress(typed: string, feature: AddressFeature): string {
  const street = typedStreet(typed, feature);
  const p = feature.properties;
  return street ? [street, p.postcode, p.city ?? p.name].filter(Boolean).join(' ') : p.label;
}

/**
 * The field values a chosen address sets: the address (the typed street is kept when the
 * suggestion is a commune only), then town, postcode, INSEE code and point, in the fields the form has.
 */
export function addressPatch(
  field: string,
  feature: AddressFeature,
  fills: Fills,
  has: (name: string) => boolean,
  typed = '',
): Record<string, unknown> {
  const p = feature.properties;
  const [lon, lat] = feature.geometry?.coordinates ?? [];
  const values: Record<keyof Fills, unknown> = {
    postcode: p.postcode,
    city: p.city,
    citycode: p.citycode,
    context: p.context,
    lat: typeof lat === 'number' ? round6(lat) : undefined,
    lon: typeof lon === 'number' ? round6(lon) : undefined,
  };
  const patch: Record<string, unknown> = { [field]: chosenAddress(typed, feature) };
  for (const [key, target] of Object.entries(fills) as [keyof Fills, string][]) {
    if (target && has(target) && values[key] !== undefined) patch[target] = values[key];
  }
  return patch;
}

/** A crosshair: "find my position" (inline, like the shell's icons: no icon font). */
const LocateIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <circle cx="12" cy="12" r="7" />
    <circle cx="12" cy="12" r="2" />
    <path d="M12 1v4M12 19v4M1 12h4M19 12h4" />
  </svg>
);

type Status = 'idle' | 'short' | 'searching' | 'done' | 'error' | 'locating';

/**
 * The French address field (spec 01 §5): an accessible combobox over the national address
 * search. Its value is the address label; choosing a suggestion also fills the sibling fields
 * named in its `fills` option (through the form's `setFields`), and confirms the address.
 */
export function AddressWidget(props: WidgetProps) {
  const options = props.options as AddressOptions;
  const fills = options.fills ?? DEFAULT_FILLS;
  const minChars = options.minChars ?? MIN_CHARS;
  const listId = useId();
  const [text, setText] = useState(typeof props.value === 'string' ? props.value : '');
  const [features, setFeatures] = useState<AddressFeature[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<Status>('idle');
  const [offline, setOffline] = useState(false);
  // What choosing a suggestion confirmed: a full address, or only its commune.
  const [confirmed, setConfirmed] = useState<'address' | 'commune' | null>(null);
  const [geoError, setGeoError] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<(() => Promise<AddressFeature[]>) | null>(null);
  const latest = useRef(0);
  const locked = props.readonly || props.disabled;

  // The value can change from outside (record loaded, form reset).
  useEffect(() => {
    const v = typeof props.value === 'string' ? props.value : '';
    setText((current) => (current === v ? current : v));
  }, [props.value]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const rootProps = (props.registry.rootSchema?.properties ?? {}) as Record<string, unknown>;
  const has = (name: string) => Object.prototype.hasOwnProperty.call(rootProps, name);

  const show = (list: AddressFeature[], fallback: boolean) => {
    setFeatures(list);
    setOffline(fallback);
    setOpen(list.length > 0);
    setActive(list.length > 0 ? 0 : -1);
    setStatus('done');
  };

  const run = async (path: string, query: Record<string, string | number | undefined>): Promise<AddressFeature[]> => {
    const id = ++latest.current;
    setStatus('searching');
    try {
      const answer = await api<AddressAnswer>(path, { query, timeoutMs: 10_000 });
      const list = visibleFeatures(answer.features ?? [], Boolean(options.districts));
      if (id === latest.current) show(list, Boolean(answer.fallback));
      return list;
    } catch {
      if (id === latest.current) {
        setFeatures([]);
        setOpen(false);
        setStatus('error');
      }
      return [];
    }
  };

  const schedule = (delay: number, job: () => Promise<AddressFeature[]>) => {
    if (timer.current) clearTimeout(timer.current);
    pending.current = job;
    timer.current = setTimeout(() => {
      timer.current = null;
      pending.current = null;
      void job();
    }, delay);
  };

  /** Runs a scheduled search at once (leaving the field must not wait 800 ms). */
  const flush = async (): Promise<AddressFeature[] | null> => {
    if (!timer.current || !pending.current) return null;
    clearTimeout(timer.current);
    timer.current = null;
    const job = pending.current;
    pending.current = null;
    return job();
  };

  const onType = (value: string) => {
    setText(value);
    setConfirmed(null);
    setGeoError(false);
    props.onChange(value === '' ? undefined : value);
    if (value.trim().length < minChars) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
      latest.current++;
      setFeatures([]);
      setOpen(false);
      setStatus(value.trim() ? 'short' : 'idle');
      return;
    }
    schedule(SEARCH_DEBOUNCE_MS, () =>
      run('/api-ban/search/', { q: value.trim(), limit: MAX_RESULTS, type: options.type }),
    );
  };

  // A commune-only field (`type: municipality`) holds the chosen commune and nothing else.
  const communeField = options.type === 'municipality';

  const choose = (feature: AddressFeature) => {
    const patch = addressPatch(props.name, feature, fills, has, communeField ? '' : text);
    const value = patch[props.name] as string;
    const context = props.registry.formContext as FillContext | undefined;
    if (context?.setFields) context.setFields(patch);
    else props.onChange(value);
    setText(value);
    setConfirmed(isCommuneOnly(feature) ? 'commune' : 'address');
    setGeoError(false);
    setOpen(false);
    setActive(-1);
    setFeatures([]);
    setStatus('idle');
  };

  const clear = () => {
    setText('');
    setConfirmed(null);
    props.onChange(undefined);
  };

  const onBlur = async () => {
    setOpen(false);
    if (!options.forceSelectOnBlur) {
      // Left the field: a search still waiting or on its way must not open the list under
      // the next field (a slow address service answered seconds later over the form).
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
      latest.current++;
      if (status === 'searching') setStatus('idle');
    }
    if (options.forceSelectOnBlur && !confirmed && text.trim() !== '') {
      const list = (await flush()) ?? features;
      if (list.length) choose(list[0]);
      else clear();
    }
    props.onBlur(props.id, props.value);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!features.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      if (!open) {
        setOpen(true);
        setActive(step === 1 ? 0 : features.length - 1);
        return;
      }
      setActive((i) => (i + step + features.length) % features.length);
    } else if (e.key === 'Enter') {
      // Enter chooses the highlighted suggestion instead of submitting the form.
      if (open && active >= 0 && features[active]) {
        e.preventDefault();
        choose(features[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const locate = () => {
    setGeoError(false);
    if (!('geolocation' in navigator)) {
      setGeoError(true);
      return;
    }
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { longitude, latitude } = position.coords;
        schedule(REVERSE_DEBOUNCE_MS, () =>
          run('/api-ban/reverse/', { lon: round6(longitude), lat: round6(latitude) }),
        );
      },
      () => {
        setStatus('idle');
        setGeoError(true);
      },
      GEOLOCATION_OPTIONS,
    );
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  const announcement =
    status === 'short'
      ? t('address.min_chars', { min: minChars })
      : status === 'searching'
        ? t('address.searching')
        : status === 'locating'
          ? t('address.locating')
          : status === 'error'
            ? t('address.unavailable')
            : status === 'done'
              ? features.length
                ? t('address.results', { count: features.length })
                : t('address.no_result')
              : '';
  const aria = ariaProps(props);
  const describedBy = [aria['aria-describedby'], `${props.id}__address-status`].filter(Boolean).join(' ');

  return (
    <div className="address-widget">
      <div className="address-combobox">
        <input
          id={props.id}
          name={props.htmlName ?? props.id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={text}
          maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
          placeholder={props.placeholder || t('address.placeholder')}
          autoFocus={props.autofocus}
          disabled={props.disabled}
          readOnly={props.readonly}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void onBlur()}
          onFocus={() => props.onFocus(props.id, props.value)}
          {...aria}
          aria-describedby={describedBy}
        />
        <div className="address-popup" hidden={!open}>
          {/* Only street addresses are missing then: a commune-only field loses nothing (issue 26 item 11). */}
          {offline && !communeField && <p className="address-offline">{t('address.offline')}</p>}
          <ul id={listId} role="listbox" aria-label={t('address.suggestions')} className="address-suggestions">
            {features.map((f, i) => (
              <li
                key={`${f.properties.label}-${i}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                // mousedown, not click: the input keeps the focus, so blur does not close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(f);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="address-label">{f.properties.label}</span>
                {f.properties.context && (
                  <span className="address-context">
                    {[f.properties.postcode, f.properties.context].filter(Boolean).join(' · ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {!locked && options.locate !== false && (
        <button type="button" className="button address-locate" onClick={locate} disabled={status === 'locating'}>
          <LocateIcon /> {t('address.locate')}
        </button>
      )}
      <p id={`${props.id}__address-status`} className="address-status" role="status" aria-live="polite">
        {confirmed === 'address' && (
          <span className="address-confirmed">
            <span aria-hidden="true">✓ </span>
            {t('address.confirmed')}
          </span>
        )}
        {confirmed === 'commune' && (
          <span className="address-partial">
            <span aria-hidden="true">◐ </span>
            {t('address.commune_confirmed')}
          </span>
        )}
        {!confirmed && announcement}
      </p>
      {geoError && (
        <p className="field-error" role="alert">
          {t('errors.geolocation')}
        </p>
      )}
    </div>
  );
}
