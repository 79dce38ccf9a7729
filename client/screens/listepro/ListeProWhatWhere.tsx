import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { searchCommunes, textResultsPath, tr, type CommuneOption, type TextSearch } from './listepro-api';

/** Suggestions from two letters, a quarter of a second after the last one (the communes are local data). */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 250;

type Place = { kind: 'commune'; commune: CommuneOption } | { kind: 'position'; lat: number; lon: number } | null;

const communeLabel = (c: CommuneOption) => `${c.name} (${c.postcode})`;

/**
 * « Quoi ? » and « Où ? » (issue 26 item 6), as on PagesJaunes: a trade or key word, and a commune
 * picked from suggestions (a combobox: arrows, Enter, Escape, touch or mouse) or « Autour de moi »
 * (the browser's position). « Rechercher » opens /annuaire-des-pros/trouver with them in the address.
 */
export function ListeProWhatWhere({ initial }: { initial?: TextSearch }) {
  const navigate = useNavigate();
  const listId = useId();
  const [what, setWhat] = useState(initial?.q ?? '');
  const [place, setPlace] = useState<Place>(
    initial?.near && initial.nearName
      ? {
          kind: 'commune',
          commune: { code: initial.near, name: initial.nearName, postcode: initial.nearPostcode ?? '' },
        }
      : initial?.lat !== undefined && initial.lon !== undefined
        ? { kind: 'position', lat: initial.lat, lon: initial.lon }
        : null,
  );
  const [where, setWhere] = useState(
    place?.kind === 'commune' ? communeLabel(place.commune) : place ? tr('around_me') : '',
  );
  const [options, setOptions] = useState<CommuneOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const lookUp = (text: string): Promise<CommuneOption[]> => {
    const id = ++latest.current;
    return searchCommunes(text).then(
      (list) => {
        if (id === latest.current) {
          setOptions(list);
          setOpen(list.length > 0);
          setActive(list.length > 0 ? 0 : -1);
        }
        return list;
      },
      () => [],
    );
  };

  const type = (text: string) => {
    setWhere(text);
    setPlace(null);
    setError(null);
    if (timer.current) clearTimeout(timer.current);
    if (text.trim().length < MIN_CHARS) {
      latest.current++;
      setOptions([]);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => void lookUp(text.trim()), DEBOUNCE_MS);
  };

  /** A picked suggestion replaces what was typed (« Grenoble (38000) », never « Greno Grenoble »). */
  const choose = (c: CommuneOption) => {
    setPlace({ kind: 'commune', commune: c });
    setWhere(communeLabel(c));
    setOpen(false);
    setOptions([]);
    setError(null);
  };

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && options.length) {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === 'ArrowUp' && options.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === 'Enter' && open && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const aroundMe = () => {
    setError(null);
    if (!('geolocation' in navigator)) {
      setError(tr('geolocation_failed'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setPlace({ kind: 'position', lat: pos.coords.latitude, lon: pos.coords.longitude });
        setWhere(tr('around_me'));
        setOpen(false);
      },
      () => {
        setLocating(false);
        setError(tr('geolocation_failed'));
      },
      { timeout: 20_000, maximumAge: 600_000 },
    );
  };

  const submit = async () => {
    let chosen = place;
    // A commune typed but not picked: the first suggestion, as a visitor expects from « Entrée ».
    if (!chosen && where.trim().length >= MIN_CHARS) {
      const list = options.length ? options : await lookUp(where.trim());
      if (!list.length) {
        setError(tr('where_unknown'));
        return;
      }
      choose(list[0]);
      chosen = { kind: 'commune', commune: list[0] };
    } else if (!chosen && where.trim()) {
      setError(tr('where_unknown'));
      return;
    }
    const search: TextSearch = { q: what.trim() };
    if (chosen?.kind === 'commune') search.near = chosen.commune.code;
    if (chosen?.kind === 'position') {
      search.lat = Math.round(chosen.lat * 1000) / 1000;
      search.lon = Math.round(chosen.lon * 1000) / 1000;
    }
    navigate(textResultsPath(search));
  };

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <form
      className="listepro-whatwhere"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="listepro-what">
        <span className="listepro-ww-label">{tr('what')}</span>
        <input
          type="search"
          name="quoi"
          value={what}
          maxLength={100}
          placeholder={tr('what_hint')}
          onChange={(e) => setWhat(e.target.value)}
        />
      </label>
      <div className="listepro-where">
        <label htmlFor={`${listId}-where`} className="listepro-ww-label">
          {tr('where')}
        </label>
        <input
          id={`${listId}-where`}
          name="ou"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${listId}-list`}
          aria-activedescendant={activeId}
          autoComplete="off"
          placeholder={tr('where_hint')}
          value={where}
          onChange={(e) => type(e.target.value)}
          onKeyDown={keyDown}
          onFocus={(e) => place?.kind === 'position' && e.target.select()}
          onBlur={() => setOpen(false)}
        />
        <ul
          id={`${listId}-list`}
          role="listbox"
          aria-label={tr('commune_suggestions')}
          className="listepro-where-options"
          hidden={!open}
        >
          {options.map((c, i) => (
            <li
              key={c.code}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // mousedown, not click: the input's blur would close the list before the click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              {communeLabel(c)}
            </li>
          ))}
        </ul>
        <button type="button" className="link-button listepro-around" onClick={aroundMe} disabled={locating}>
          {locating ? tr('locating') : tr('around_me')}
        </button>
      </div>
      <button type="submit" className="button button-primary listepro-find">
        {tr('find')}
      </button>
      {error && (
        <p className="notice notice-error listepro-ww-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
