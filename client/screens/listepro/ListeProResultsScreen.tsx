import './listepro.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { usePhoneHref } from '../../lib/use-phone-href';
import { notify } from '../../shell/notifications';
import { postForFile, reportDomain, saveFile } from '../simulators/shared/download';
import {
  detailPath,
  readFavourites,
  searchCommunes,
  writeFavourites,
  type CommuneOption,
  type Favourite,
  loadTree,
  type MapPoint,
  type MapTiles,
  resultsPath,
  SEARCH_PATH,
  searchPros,
  stillListed,
  website,
  textSearchOf,
  tr,
  type ProCard,
  type SearchPage,
  type SearchTreeActivity,
} from './listepro-api';

import { ListeProWhatWhere } from './ListeProWhatWhere';
import { ListeProTopLinks } from './ListeProLinks';

const ListeProMap = lazy(() => import('./ListeProMap'));

interface MapOfSearch {
  key: string;
  points: MapPoint[];
  tiles: MapTiles;
}

const PER_PAGE = 10;
const km = (n: number) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(n);
const int = (v: string | undefined | null) => (v && /^[0-9]+$/.test(v) ? Number(v) : undefined);

interface CardProps {
  pro: ProCard;
  near: SearchPage['near'];
  favourite: boolean;
  onFavourite: (on: boolean) => void;
  onLocate: (() => void) | null;
}

function Card({ pro, near, favourite, onFavourite, onLocate }: CardProps) {
  const phoneHref = usePhoneHref();
  const site = website(pro.url);
  return (
    <li className={`listepro-card${favourite ? ' listepro-card-favourite' : ''}`}>
      <h3>
        <Link to={detailPath(pro.pk)}>{pro.name}</Link>
      </h3>
      {pro.job && <p className="listepro-job">{pro.job}</p>}
      {pro.isMonAccompagnateurRenov && <p className="listepro-badge">{tr('mar_badge')}</p>}
      <p className="listepro-address">
        {[pro.address, [pro.postcode, pro.town].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      </p>
      <ul className="listepro-contacts">
        {pro.phoneNumber && (
          <li>
            {tr('phone')} : <a href={phoneHref(pro.phoneNumber)}>{pro.phoneNumber}</a>
          </li>
        )}
        {pro.email && (
          <li>
            {tr('email')} : <a href={`mailto:${pro.email}`}>{pro.email}</a>
          </li>
        )}
        {site && (
          <li>
            {tr('website')}
            <span className="visually-hidden"> de {pro.name}</span> :{' '}
            <a href={site.href} target="_blank" rel="noopener noreferrer" className="listepro-website">
              {site.text}
            </a>
          </li>
        )}
      </ul>
      {pro.keyWords.length > 0 && (
        <ul className="listepro-keywords">
          {pro.keyWords.map((k) => (
            <li key={k}>{k}</li>
          ))}
        </ul>
      )}
      {near && typeof pro.distanceKm === 'number' && (
        <p className="listepro-distance">
          {near.position
            ? tr('distance_here', { km: km(pro.distanceKm) })
            : tr('distance', { km: km(pro.distanceKm), name: near.name })}
        </p>
      )}
      <div className="listepro-card-actions">
        <label className="listepro-favourite">
          <input type="checkbox" checked={favourite} onChange={(e) => onFavourite(e.target.checked)} />{' '}
          {favourite ? tr('favourite_remove') : tr('favourite')}
          <span className="visually-hidden"> : {pro.name}</span>
        </label>
        {onLocate && (
          <button type="button" className="link-button" onClick={onLocate}>
            {tr('locate')}
            <span className="visually-hidden"> : {pro.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/** The breadcrumb of the search with its three drop-downs: a higher level resets the lower ones. */
function SearchBar({
  tree,
  a,
  m,
  s,
  onChange,
}: {
  tree: SearchTreeActivity[];
  a?: number;
  m?: number;
  s?: number;
  onChange: () => void;
}) {
  const navigate = useNavigate();
  const [activity, setActivity] = useState(a);
  const [mission, setMission] = useState(m);
  const [subMission, setSubMission] = useState(s);
  const act = tree.find((x) => x.pk === activity);
  const mis = act?.missions.find((x) => x.pk === mission);
  return (
    <form
      className="listepro-bar"
      onSubmit={(e) => {
        e.preventDefault();
        if (!activity || !mission || !subMission) return;
        // Another search: the selection belonged to the previous one (spec 03 §2).
        if (activity !== a || mission !== m || subMission !== s) onChange();
        navigate(resultsPath(activity, mission, subMission));
      }}
    >
      <label>
        {tr('breadcrumb_activity')}
        <select
          value={activity ?? ''}
          onChange={(e) => {
            setActivity(int(e.target.value));
            setMission(undefined);
            setSubMission(undefined);
          }}
        >
          <option value="">—</option>
          {tree.map((x) => (
            <option key={x.pk} value={x.pk}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {tr('breadcrumb_mission')}
        <select
          value={mission ?? ''}
          onChange={(e) => {
            const pk = int(e.target.value);
            setMission(pk);
            const subs = act?.missions.find((x) => x.pk === pk)?.subMissions ?? [];
            setSubMission(subs.length === 1 ? subs[0].pk : undefined);
          }}
        >
          <option value="">—</option>
          {act?.missions.map((x) => (
            <option key={x.pk} value={x.pk}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {tr('breadcrumb_sub_mission')}
        <select value={subMission ?? ''} onChange={(e) => setSubMission(int(e.target.value))}>
          <option value="">—</option>
          {mis?.subMissions.map((x) => (
            <option key={x.pk} value={x.pk}>
              {x.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button-primary" disabled={!activity || !mission || !subMission}>
        {tr('apply')}
      </button>
    </form>
  );
}

/**
 * /annuaire-des-pros/resultats/:a/:m/:s and resultats-MAR/:mode (spec 03 §2): the matching
 * professionals as cards, in the random order the server drew. The draw's seed is kept in the
 * address (?seed=), so paging, reloading or sharing the page keeps the order; a new search
 * (another address without a seed) draws again.
 */
/** « Près de chez moi »: a commune from the platform's territory data; its INSEE code goes into the address. */
function NearMe({ near, onChoose }: { near: SearchPage['near']; onChoose: (code: string | null) => void }) {
  const [q, setQ] = useState('');
  const [options, setOptions] = useState<CommuneOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (near)
    return (
      <p className="listepro-near">
        {tr('near_current', { name: near.name, postcode: near.postcode })}{' '}
        <button type="button" className="link-button" onClick={() => onChoose(null)}>
          {tr('near_clear')}
        </button>
      </p>
    );
  return (
    <details className="listepro-near">
      <summary>{tr('near')}</summary>
      <form
        className="listepro-near-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (q.trim().length < 2) return;
          setError(null);
          searchCommunes(q.trim())
            .then(setOptions)
            .catch((err: Error) => setError(err.message));
        }}
      >
        <label>
          {tr('near_label')}
          <input value={q} onChange={(e) => setQ(e.target.value)} autoComplete="address-level2" minLength={2} />
        </label>
        <button type="submit" className="button">
          {tr('near_search')}
        </button>
      </form>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      {options && (
        <div role="status">
          {options.length === 0 ? (
            <p>{tr('near_none')}</p>
          ) : (
            <ul className="listepro-near-options" aria-label={tr('near_choose')}>
              {options.map((c) => (
                <li key={c.code}>
                  <button type="button" className="link-button" onClick={() => onChoose(c.code)}>
                    {c.name} ({c.postcode})
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}

/**
 * The visitor's selection (kept in this browser): its count, the names, and « n'est plus
 * référencé » beside a professional who left the directory since (issue 28 row 1).
 */
function Selection({ favourites, onClear }: { favourites: Favourite[]; onClear: () => void }) {
  const [gone, setGone] = useState<Set<number>>(new Set());
  const pks = favourites.map((f) => f.pk).join(',');
  useEffect(() => {
    let live = true;
    const list = pks ? pks.split(',').map(Number) : [];
    void Promise.all(list.map(async (pk) => [pk, await stillListed(pk)] as const)).then((answers) => {
      if (live) setGone(new Set(answers.filter(([, listed]) => listed === false).map(([pk]) => pk)));
    });
    return () => {
      live = false;
    };
  }, [pks]);
  return (
    <div className="listepro-selection">
      <p>
        {tr('favourites_count', { count: favourites.length })}{' '}
        <button type="button" className="link-button" onClick={onClear}>
          {tr('favourites_clear')}
        </button>
      </p>
      <details open={gone.size > 0}>
        <summary>{tr('favourites_show')}</summary>
        <ul className="listepro-selection-list">
          {favourites.map((f) => (
            <li key={f.pk}>
              {gone.has(f.pk) ? (
                <>
                  {f.name} — <strong>{tr('favourite_gone')}</strong>
                </>
              ) : (
                <Link to={detailPath(f.pk)}>{f.name}</Link>
              )}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** The PDF menu (spec 03 §4): all or the selection, a comment, then the download. */
function PdfPanel({ favourites, request }: { favourites: Favourite[]; request: Record<string, unknown> }) {
  const [open, setOpen] = useState(false);
  const [which, setWhich] = useState<'all' | 'selection'>('all');
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const scope = favourites.length ? which : 'all';
      const { blob, fileName } = await postForFile(
        '/listepro/report/pdf/',
        {
          domain: reportDomain(),
          data: { ...request, favoritePro: favourites.map((f) => f.pk), commentPdf: comment, downloadAll: scope },
        },
        'rapport-liste-professionnels.pdf',
      );
      saveFile(blob, fileName);
      notify(tr('pdf_done'), 'success');
      // As the reference: the choice and the comment start afresh after a download.
      setComment('');
      setWhich('all');
      setOpen(false);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="listepro-pdf">
      <button type="button" className="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {tr('pdf')}
      </button>
      {open && (
        <div className="listepro-pdf-panel panel">
          {favourites.length > 0 && (
            <fieldset>
              <legend>{tr('pdf_which')}</legend>
              <label>
                <input type="radio" name="pdf-which" checked={which === 'all'} onChange={() => setWhich('all')} />{' '}
                {tr('pdf_all')}
              </label>
              <label>
                <input
                  type="radio"
                  name="pdf-which"
                  checked={which === 'selection'}
                  onChange={() => setWhich('selection')}
                />{' '}
                {tr('pdf_selection')} ({favourites.length})
              </label>
            </fieldset>
          )}
          <label className="listepro-pdf-comment">
            {tr('pdf_comment')}
            <textarea value={comment} maxLength={2000} rows={3} onChange={(e) => setComment(e.target.value)} />
          </label>
          <div className="listepro-pdf-actions">
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void start()}>
              {tr('pdf_start')}
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {tr('pdf_cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * /annuaire-des-pros/resultats/:a/:m/:s and resultats-MAR/:mode (spec 03 §2): the matching
 * professionals as cards beside a map (below them on a phone), in the random order the server
 * drew. The draw's seed is kept in the address (?seed=), so paging, reloading or sharing the page
 * keeps the order; a new search (another address without a seed) draws again. Favourites are
 * checkboxes kept in local storage, green on the map; the PDF prints all or the selection.
 */
export default function ListeProResultsScreen() {
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  const mar = params.mode !== undefined;
  // /annuaire-des-pros/trouver: « Quoi ? » and « Où ? » (issue 26 item 6) instead of the tree's path.
  const text = !mar && params.activity === undefined;
  const what = text ? textSearchOf(query) : null;
  const a = int(params.activity);
  const m = int(params.mission);
  const s = int(params.subMission);
  const seed = int(query.get('seed'));
  const page = int(query.get('page')) ?? 1;
  const near = (text ? what?.near : query.get('near')) ?? undefined;
  const lat = what?.lat;
  const lon = what?.lon;
  const q = what?.q;
  const [tree, setTree] = useState<SearchTreeActivity[] | null>(null);
  const [data, setData] = useState<SearchPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [favourites, setFavourites] = useState<Favourite[]>(readFavourites);
  const [locate, setLocate] = useState<{ pk: number } | null>(null);
  const [enlarged, setEnlarged] = useState(false);
  // The map's points come with the first page of a search (thousands of them: asked once, not with
  // every page) and are kept for its other pages; a search is its query and its seed.
  const [map, setMap] = useState<MapOfSearch | null>(null);
  const mapOfSearch = useRef<MapOfSearch | null>(null);
  const searchKey = useCallback(
    (sd: number | undefined) =>
      `${mar ? 'mar' : text ? JSON.stringify([q, near, lat, lon]) : `${a}/${s}/${near}`}@${sd}`,
    [mar, text, q, near, lat, lon, a, s],
  );

  useEffect(() => {
    loadTree()
      .then(setTree)
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    let live = true;
    setFailed(false);
    const havePoints = seed !== undefined && mapOfSearch.current?.key === searchKey(seed);
    const common = { seed, page, perPage: PER_PAGE, points: havePoints ? undefined : 1, near };
    searchPros(
      mar
        ? { mar: 1, ...common }
        : text
          ? { ...(q ? { q } : { all: 1 }), lat, lon, ...common }
          : { activity: a, subMission: s, ...common },
    )
      .then((d) => {
        if (!live) return;
        if (d.points && d.tiles) {
          mapOfSearch.current = { key: searchKey(d.seed), points: d.points, tiles: d.tiles };
          setMap(mapOfSearch.current);
        }
        setData(d);
        // The first page of a new search learns its seed: written into the address (beside what the
        // visitor asked), no new entry.
        if (seed === undefined)
          setQuery(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('seed', String(d.seed));
              return next;
            },
            { replace: true },
          );
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [mar, text, q, lat, lon, a, s, seed, page, near, setQuery, searchKey]);

  const setFavourite = useCallback((pro: ProCard, on: boolean) => {
    setFavourites((list) => {
      const next = on
        ? [...list.filter((f) => f.pk !== pro.pk), { pk: pro.pk, name: pro.name }]
        : list.filter((f) => f.pk !== pro.pk);
      writeFavourites(next);
      return next;
    });
  }, []);
  const clearFavourites = useCallback(() => {
    writeFavourites([]);
    setFavourites([]);
  }, []);
  const favouritePks = useMemo(() => new Set(favourites.map((f) => f.pk)), [favourites]);
  const shownMap = data && map?.key === searchKey(data.seed) ? map : null;
  const located = useMemo(() => new Set((shownMap?.points ?? []).map((p) => p.pk)), [shownMap]);

  const act = tree?.find((x) => x.pk === a);
  const mis = act?.missions.find((x) => x.pk === m);
  const sub = mis?.subMissions.find((x) => x.pk === s);
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  // Another page or another place keeps everything else the address says (the search, the seed).
  const pageLink = (p: number) => {
    const next = new URLSearchParams(query);
    next.set('seed', String(data?.seed ?? seed ?? ''));
    next.set('page', String(p));
    return `?${next.toString()}`;
  };
  const chooseNear = (code: string | null) => {
    const next = new URLSearchParams(query);
    next.set('seed', String(data?.seed ?? seed ?? ''));
    // Nearest first from the new place: back to the first page.
    next.delete('page');
    if (code) next.set('near', code);
    else next.delete('near');
    setQuery(next);
  };
  const pdfRequest = mar
    ? { mar: true, seed: data?.seed, near }
    : text
      ? { q: q ?? '', seed: data?.seed, near, lat, lon }
      : { activity: a, mission: m, subMission: s, seed: data?.seed, near };
  const askedKey = [q, near, lat, lon].join('|');

  return (
    <div className="listepro-results">
      <ListeProTopLinks />
      <nav aria-label={tr('change_search')} className="listepro-crumbs">
        <Link to={SEARCH_PATH}>← {tr('change_search')}</Link>
      </nav>
      {mar ? (
        <h2>{tr('mar')}</h2>
      ) : text ? (
        <>
          <h2>{q ? tr('what_results', { what: q }) : tr('all_results')}</h2>
          <ListeProWhatWhere
            key={`${askedKey}|${data?.near?.name ?? ''}`}
            initial={{ ...what!, nearName: data?.near?.name, nearPostcode: data?.near?.postcode }}
          />
        </>
      ) : (
        <>
          {act && mis && sub && <h2>{[act.name, mis.name, sub.name].join(' › ')}</h2>}
          {tree && <SearchBar key={`${a}-${m}-${s}`} tree={tree} a={a} m={m} s={s} onChange={clearFavourites} />}
        </>
      )}
      {failed ? (
        <p className="notice notice-error" role="alert">
          {tr('load_error')}
        </p>
      ) : !data ? (
        <p className="muted" role="status">
          {tr('loading')}
        </p>
      ) : (
        <>
          <p role="status">
            {tr('count', { count: data.total })}
            {data.total > 0 && <span className="muted"> — {data.near ? tr('nearest_order') : tr('random_order')}</span>}
          </p>
          <div className="listepro-tools">
            {text ? <span /> : <NearMe near={data.near} onChoose={chooseNear} />}
            {data.total > 0 && <PdfPanel favourites={favourites} request={pdfRequest} />}
          </div>
          {favourites.length > 0 && <Selection favourites={favourites} onClear={clearFavourites} />}
          {data.total === 0 ? (
            <p>{text ? tr('none_text') : tr('none')}</p>
          ) : (
            <div className={`listepro-layout${enlarged ? ' listepro-layout-enlarged' : ''}`}>
              <div className="listepro-list">
                <ul className="listepro-cards">
                  {data.results.map((p) => (
                    <Card
                      key={p.pk}
                      pro={p}
                      near={data.near}
                      favourite={favouritePks.has(p.pk)}
                      onFavourite={(on) => setFavourite(p, on)}
                      onLocate={located.has(p.pk) ? () => setLocate({ pk: p.pk }) : null}
                    />
                  ))}
                </ul>
                {pages > 1 && (
                  <nav className="listepro-pages" aria-label={tr('page', { page, pages })}>
                    {page > 1 && <Link to={pageLink(page - 1)}>← {tr('previous')}</Link>}
                    <span>{tr('page', { page, pages })}</span>
                    {page < pages && <Link to={pageLink(page + 1)}>{tr('next')} →</Link>}
                  </nav>
                )}
              </div>
              <div className="listepro-side">
                <button type="button" className="button" aria-pressed={enlarged} onClick={() => setEnlarged(!enlarged)}>
                  {enlarged ? tr('reduce') : tr('enlarge')}
                </button>
                {shownMap && (
                  <Suspense fallback={<p className="muted">{tr('loading')}</p>}>
                    <ListeProMap
                      points={shownMap.points}
                      tiles={shownMap.tiles}
                      favourites={favouritePks}
                      locate={locate}
                      enlarged={enlarged}
                    />
                  </Suspense>
                )}
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
