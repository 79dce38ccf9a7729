import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { api } from '../../api/http';
import { t } from '../../lib/messages';
import { ariaProps } from './aria';
import './AddressWidget.css';

interface Territory {
  code: string;
  name: string;
  postcode?: string;
}

// Names already read, shared by every field of the page (a code's name never changes).
const names = new Map<string, Promise<string>>();
function nameOf(kind: 'commune' | 'departement', code: string): Promise<string> {
  const key = `${kind}:${code}`;
  let p = names.get(key);
  if (!p) {
    p =
      kind === 'commune'
        ? api<Territory>(`/territories/commune/${encodeURIComponent(code)}/`).then((c) => c.name)
        : departements().then((all) => all.find((d) => d.code === code)?.name ?? '');
    p.catch(() => names.delete(key));
    names.set(key, p);
  }
  return p;
}
let departementList: Promise<Territory[]> | null = null;
function departements(): Promise<Territory[]> {
  departementList ??= api<Territory[]>('/territories/departements/').catch((e) => {
    departementList = null;
    throw e;
  });
  return departementList;
}

/** The chips of the chosen codes, each with its name once read. */
function Chips(props: {
  kind: 'commune' | 'departement';
  value: string[];
  label: string;
  onRemove?: (c: string) => void;
}) {
  const [known, setKnown] = useState<Record<string, string>>({});
  const codes = props.value.join(',');
  useEffect(() => {
    let live = true;
    for (const code of props.value)
      nameOf(props.kind, code).then(
        (name) => live && setKnown((k) => (k[code] === name ? k : { ...k, [code]: name })),
        () => undefined,
      );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [codes, props.kind]);
  return (
    <ul className="chips" aria-label={props.label}>
      {props.value.map((code) => {
        const text = known[code] ? `${known[code]} (${code})` : code;
        return (
          <li key={code} className="chip">
            {text}
            {props.onRemove && (
              <button
                type="button"
                className="chip-remove"
                aria-label={`${t('ui.remove')} ${text}`}
                onClick={() => props.onRemove!(code)}
              >
                ×
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Departments by their INSEE code (widget `departments`): the chosen ones as chips with their
 * names, and a list of the departments (`/territories/departements/`) to add one from.
 */
export function DepartmentsWidget(props: WidgetProps) {
  const value = Array.isArray(props.value) ? (props.value as string[]) : [];
  const [all, setAll] = useState<Territory[] | null>(null);
  const locked = props.readonly || props.disabled;
  useEffect(() => {
    if (!locked) departements().then(setAll, () => setAll([]));
  }, [locked]);
  const left = (all ?? []).filter((d) => !value.includes(d.code));
  return (
    <div className="string-list">
      <Chips
        kind="departement"
        value={value}
        label={props.label}
        onRemove={locked ? undefined : (c) => props.onChange(value.filter((x) => x !== c))}
      />
      {!locked && (
        <select
          id={props.id}
          value=""
          onChange={(e) => e.target.value && props.onChange([...value, e.target.value])}
          {...ariaProps(props)}
        >
          <option value="">{all === null ? t('ui.options_loading') : t('ui.territory.add_departement')}</option>
          {left.map((d) => (
            <option key={d.code} value={d.code}>
              {d.code} – {d.name}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/**
 * Communes by their INSEE code (widget `communes`): the chosen ones as chips with their names,
 * and a combobox searching the official communes by name or postcode (`/territories/communes/`,
 * from 2 characters, 250 ms after the last key); arrows and Entrée, or a click, add one.
 */
export function CommunesWidget(props: WidgetProps) {
  const value = Array.isArray(props.value) ? (props.value as string[]) : [];
  const listId = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Territory[]>([]);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(0);
  const locked = props.readonly || props.disabled;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const search = (q: string) => {
    setText(q);
    if (timer.current) clearTimeout(timer.current);
    if (q.trim().length < 2) {
      setFound([]);
      setSearched(false);
      return;
    }
    timer.current = setTimeout(() => {
      const call = ++latest.current;
      api<Territory[]>('/territories/communes/', { query: { q: q.trim(), limit: 8 } }).then(
        (rows) => {
          if (call !== latest.current) return;
          setFound(rows);
          setActive(rows.length ? 0 : -1);
          setSearched(true);
        },
        () => call === latest.current && (setFound([]), setSearched(true)),
      );
    }, 250);
  };
  const choose = (c: Territory) => {
    if (!value.includes(c.code)) props.onChange([...value, c.code]);
    setText('');
    setFound([]);
    setSearched(false);
    setActive(-1);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && found.length) {
      e.preventDefault();
      setActive((a) => (a + 1) % found.length);
    } else if (e.key === 'ArrowUp' && found.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? found.length - 1 : a - 1));
    } else if (e.key === 'Enter') {
      // Never submits the form: Entrée chooses the highlighted commune.
      e.preventDefault();
      if (active >= 0 && found[active]) choose(found[active]);
    } else if (e.key === 'Escape' && found.length) {
      e.preventDefault();
      setFound([]);
    }
  };
  const open = found.length > 0;
  return (
    <div className="string-list">
      <Chips
        kind="commune"
        value={value}
        label={props.label}
        onRemove={locked ? undefined : (c) => props.onChange(value.filter((x) => x !== c))}
      />
      {!locked && (
        <div className="address-combobox">
          <input
            id={props.id}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
            placeholder={props.placeholder || t('ui.territory.commune_placeholder')}
            value={text}
            onChange={(e) => search(e.target.value)}
            onKeyDown={onKey}
            {...ariaProps(props)}
          />
          <div className="address-popup" hidden={!open}>
            <ul
              id={listId}
              role="listbox"
              aria-label={t('ui.territory.communes_found')}
              className="address-suggestions"
            >
              {found.map((c, i) => (
                <li
                  key={c.code}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={i === active ? 'active' : undefined}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(c)}
                >
                  <span className="address-label">{c.name}</span>
                  <span className="address-context">
                    {c.postcode} · {c.code}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <p className="address-status" role="status" aria-live="polite">
            {searched && !open ? t('ui.territory.no_commune') : ''}
          </p>
        </div>
      )}
    </div>
  );
}
