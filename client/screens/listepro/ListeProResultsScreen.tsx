import './listepro.css';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { usePhoneHref } from '../../lib/use-phone-href';
import {
  loadTree,
  resultsPath,
  SEARCH_PATH,
  searchPros,
  tr,
  type ProCard,
  type SearchPage,
  type SearchTreeActivity,
} from './listepro-api';

const PER_PAGE = 10;
const int = (v: string | undefined | null) => (v && /^[0-9]+$/.test(v) ? Number(v) : undefined);

function Card({ pro }: { pro: ProCard }) {
  const phoneHref = usePhoneHref();
  return (
    <li className="listepro-card">
      <h3>{pro.name}</h3>
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
        {pro.url && (
          <li>
            <a href={pro.url} target="_blank" rel="noopener noreferrer">
              {tr('website')}
              <span className="visually-hidden"> de {pro.name}</span>
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
    </li>
  );
}

/** The breadcrumb of the search with its three drop-downs: a higher level resets the lower ones. */
function SearchBar({ tree, a, m, s }: { tree: SearchTreeActivity[]; a?: number; m?: number; s?: number }) {
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
        if (activity && mission && subMission) navigate(resultsPath(activity, mission, subMission));
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
export default function ListeProResultsScreen() {
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  const mar = params.mode !== undefined;
  const a = int(params.activity);
  const m = int(params.mission);
  const s = int(params.subMission);
  const seed = int(query.get('seed'));
  const page = int(query.get('page')) ?? 1;
  const [tree, setTree] = useState<SearchTreeActivity[] | null>(null);
  const [data, setData] = useState<SearchPage | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    loadTree()
      .then(setTree)
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    let live = true;
    setFailed(false);
    searchPros(
      mar ? { mar: 1, seed, page, perPage: PER_PAGE } : { activity: a, subMission: s, seed, page, perPage: PER_PAGE },
    )
      .then((d) => {
        if (!live) return;
        setData(d);
        // The first page of a new search learns its seed: written into the address, no new entry.
        if (seed === undefined)
          setQuery({ seed: String(d.seed), ...(page > 1 ? { page: String(page) } : {}) }, { replace: true });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [mar, a, s, seed, page, setQuery]);

  const act = tree?.find((x) => x.pk === a);
  const mis = act?.missions.find((x) => x.pk === m);
  const sub = mis?.subMissions.find((x) => x.pk === s);
  const pages = data ? Math.max(1, Math.ceil(data.total / PER_PAGE)) : 1;
  const pageLink = (p: number) => `?seed=${data?.seed ?? seed ?? ''}&page=${p}`;

  return (
    <div className="listepro-results">
      <p>
        <Link to={SEARCH_PATH}>← {tr('change_search')}</Link>
      </p>
      {mar ? (
        <h2>{tr('mar')}</h2>
      ) : (
        <>
          {act && mis && sub && <h2>{[act.name, mis.name, sub.name].join(' › ')}</h2>}
          {tree && <SearchBar key={`${a}-${m}-${s}`} tree={tree} a={a} m={m} s={s} />}
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
            {data.total > 1 && <span className="muted"> — {tr('random_order')}</span>}
          </p>
          {data.total === 0 ? (
            <p>{tr('none')}</p>
          ) : (
            <ul className="listepro-cards">
              {data.results.map((p) => (
                <Card key={p.pk} pro={p} />
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="listepro-pages" aria-label={tr('page', { page, pages })}>
              {page > 1 && <Link to={pageLink(page - 1)}>← {tr('previous')}</Link>}
              <span>{tr('page', { page, pages })}</span>
              {page < pages && <Link to={pageLink(page + 1)}>{tr('next')} →</Link>}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
