import './listepro.css';
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api, type ApiError } from '../../api/http';
import { usePhoneHref } from '../../lib/use-phone-href';
import { notify } from '../../shell/notifications';
import { tokensAtom } from '../../state/store';
import {
  loadDetail,
  loadTree,
  readFavourites,
  SEARCH_PATH,
  tr,
  website,
  writeFavourites,
  type ProDetail,
  type SearchTreeActivity,
} from './listepro-api';

const SLIDE_MS = 5000;

interface Slide {
  key: string;
  title: string;
  lines: string[];
  image: { url: string; alt: string } | null;
  link?: string;
}

function slidesOf(d: ProDetail): Slide[] {
  if (d.formType === 'bank')
    return d.bankOffers.map((o) => ({
      key: `o${o.pk}`,
      title: o.offerName,
      lines: [o.offerDescription],
      image: null,
      link: o.link || undefined,
    }));
  if (d.formType === 'generic')
    return d.references.map((r) => ({
      key: `r${r.pk}`,
      title: r.productionName,
      lines: [[r.place, r.year].filter(Boolean).join(', '), r.completedMission].filter(Boolean),
      image: r.images[0] ? { url: r.images[0].url, alt: r.images[0].name || r.productionName } : null,
    }));
  return d.labels.map((l) => ({
    key: `l${l.pk}`,
    title: l.name,
    lines: [l.description],
    image: l.image ? { url: l.image, alt: l.name } : null,
  }));
}

/**
 * The carousel of references, offers or labels (spec 03 §2): one slide at a time, every 5 s, in a
 * loop; a pause button stops the movement (WCAG 2.2.2) and so does the keyboard focus inside it.
 */
function Carousel({ slides, title }: { slides: Slide[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!playing || focused || slides.length < 2) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), SLIDE_MS);
    return () => clearInterval(timer);
  }, [playing, focused, slides.length]);
  if (!slides.length) return null;
  const slide = slides[index % slides.length];
  const go = (delta: number) => setIndex((i) => (i + delta + slides.length) % slides.length);
  return (
    <section
      className="listepro-carousel"
      aria-roledescription="carrousel"
      aria-label={title}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <h3>{title}</h3>
      <div className="listepro-slide" aria-live={playing && !focused ? 'off' : 'polite'}>
        {slide.image && <img src={slide.image.url} alt={slide.image.alt} width={255} height={150} />}
        <div>
          <h4>{slide.title}</h4>
          {slide.lines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
          {slide.link && (
            <a href={slide.link} target="_blank" rel="noopener noreferrer">
              {slide.link}
            </a>
          )}
        </div>
      </div>
      {slides.length > 1 && (
        <div className="listepro-carousel-controls">
          <button type="button" className="button" onClick={() => go(-1)}>
            ‹ <span className="visually-hidden">{tr('previous_slide')}</span>
          </button>
          <span>{tr('slide', { n: (index % slides.length) + 1, total: slides.length })}</span>
          <button type="button" className="button" onClick={() => go(1)}>
            <span className="visually-hidden">{tr('next_slide')}</span> ›
          </button>
          <button type="button" className="link-button" onClick={() => setPlaying(!playing)}>
            {playing ? tr('pause') : tr('play')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Blocks for the directory team only (the server sends `staff` to the team only). */
function TeamBlocks({ detail, reload }: { detail: ProDetail; reload: () => void }) {
  const staff = detail.staff!;
  const [tree, setTree] = useState<SearchTreeActivity[]>([]);
  const [allLabels, setAllLabels] = useState<{ pk: number; name: string }[]>([]);
  const [chosen, setChosen] = useState<number[]>(staff.labels);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadTree()
      .then(setTree)
      .catch(() => setTree([]));
    void api<{ pk: number; name: string }[]>('/listepro/label/', { query: { perPage: 200 } })
      .then(setAllLabels)
      .catch(() => setAllLabels([]));
  }, []);
  const activityNames = tree.filter((a) => staff.activities.includes(a.pk)).map((a) => a.name);
  const subNames = new Map<number, string>();
  for (const a of tree) for (const m of a.missions) for (const s of m.subMissions) subNames.set(s.pk, s.name);
  const save = async (body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await api(`/listepro/professional/${detail.pk}/`, { method: 'PATCH', body });
      notify(done, 'success');
      reload();
    } catch (e) {
      notify((e as ApiError).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="listepro-team panel" aria-labelledby="listepro-team-title">
      <h3 id="listepro-team-title">{tr('team_blocks')}</h3>
      <p>
        {staff.proIsValid ? tr('is_valid') : tr('is_invalid')}{' '}
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() =>
            void save({ proIsValid: !staff.proIsValid }, staff.proIsValid ? tr('is_invalid') : tr('is_valid'))
          }
        >
          {staff.proIsValid ? tr('invalidate') : tr('validate')}
        </button>
      </p>
      <h4>{tr('activities')}</h4>
      <p>{activityNames.join(', ') || tr('none_yet')}</p>
      {detail.formType === 'generic' && (
        <>
          <h4>{tr('missions')}</h4>
          <ul>
            {staff.subMissions.map((s) => (
              <li key={s}>{subNames.get(s) ?? `n° ${s}`}</li>
            ))}
          </ul>
        </>
      )}
      <fieldset>
        <legend>{tr('labels_given')}</legend>
        {allLabels.map((l) => (
          <label key={l.pk} className="listepro-check">
            <input
              type="checkbox"
              checked={chosen.includes(l.pk)}
              onChange={(e) => setChosen(e.target.checked ? [...chosen, l.pk] : chosen.filter((pk) => pk !== l.pk))}
            />{' '}
            {l.name}
          </label>
        ))}
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void save({ labels: chosen }, tr('labels_saved'))}
        >
          {tr('save_labels')}
        </button>
      </fieldset>
      {staff.additionalAddresses.length > 0 && (
        <>
          <h4>{tr('addresses')}</h4>
          <ul>
            {staff.additionalAddresses.map((a) => (
              <li key={a.pk}>
                {a.name} — {a.address}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** /annuaire-des-pros/detail-professionnel/:pk (also `{id}-{addressId}`): the public sheet. */
export default function ListeProDetailScreen() {
  const { pk = '' } = useParams();
  const navigate = useNavigate();
  const phoneHref = usePhoneHref();
  const signedIn = Boolean(useAtomValue(tokensAtom));
  const [detail, setDetail] = useState<ProDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [favourite, setFavourite] = useState(false);
  useEffect(() => {
    let live = true;
    loadDetail(pk)
      .then((d) => {
        if (!live) return;
        setDetail(d);
        setError(null);
        setFavourite(readFavourites().some((f) => f.pk === d.pk));
      })
      .catch((e: ApiError) => live && setError(e.status === 404 ? e.message : tr('detail_error')));
    return () => {
      live = false;
    };
    // The user matters: the team's blocks come with a signed-in team member.
  }, [pk, version, signedIn]);

  const hasHistory = typeof window !== 'undefined' && window.history.length > 1;
  const back = (
    <p>
      <button type="button" className="link-button" onClick={() => (hasHistory ? navigate(-1) : navigate(SEARCH_PATH))}>
        ← {hasHistory ? tr('detail_back') : tr('close')}
      </button>
    </p>
  );
  if (error)
    return (
      <div className="listepro-detail">
        {back}
        <p className="notice notice-error" role="alert">
          {error}
        </p>
        <Link to={SEARCH_PATH}>{tr('change_search')}</Link>
      </div>
    );
  if (!detail)
    return (
      <p className="muted" role="status">
        {tr('loading')}
      </p>
    );
  const toggleFavourite = (on: boolean) => {
    const list = readFavourites().filter((f) => f.pk !== detail.pk);
    writeFavourites(on ? [...list, { pk: detail.pk, name: detail.name }] : list);
    setFavourite(on);
  };
  const address = [detail.address, [detail.postcode, detail.town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const site = website(detail.url);
  const carouselTitle =
    detail.formType === 'bank' ? tr('offers') : detail.formType === 'generic' ? tr('references') : tr('labels');
  return (
    <article className="listepro-detail">
      {back}
      <header className="listepro-detail-head">
        {detail.logo && <img src={detail.logo} alt="" width={150} height={100} className="listepro-logo" />}
        <div>
          <h2>{detail.name}</h2>
          {detail.job && <p className="listepro-job">{detail.job}</p>}
          {detail.isMonAccompagnateurRenov && <p className="listepro-badge">{tr('mar_badge')}</p>}
          <label className="listepro-favourite">
            <input type="checkbox" checked={favourite} onChange={(e) => toggleFavourite(e.target.checked)} />{' '}
            {favourite ? tr('favourite_remove') : tr('favourite')}
          </label>
        </div>
      </header>
      <ul className="listepro-contacts">
        {address && <li>{address}</li>}
        {detail.phoneNumber && (
          <li>
            {tr('phone')} : <a href={phoneHref(detail.phoneNumber)}>{detail.phoneNumber}</a>
          </li>
        )}
        {detail.email && (
          <li>
            {tr('email')} : <a href={`mailto:${detail.email}`}>{detail.email}</a>
          </li>
        )}
        {site && (
          <li>
            {tr('website')}
            <span className="visually-hidden"> de {detail.name}</span> :{' '}
            <a href={site.href} target="_blank" rel="noopener noreferrer" className="listepro-website">
              {site.text}
            </a>
          </li>
        )}
      </ul>
      {detail.description && (
        <section>
          <h3>{tr('in_few_words')}</h3>
          {/* Cleaned by the server's allow-list when stored and again when sent. */}
          <div className="listepro-description" dangerouslySetInnerHTML={{ __html: detail.description }} />
        </section>
      )}
      {detail.keyWords.length > 0 && (
        <section>
          <h3>{tr('skills')}</h3>
          <ul className="listepro-keywords">
            {detail.keyWords.map((k) => (
              <li key={k}>{k}</li>
            ))}
          </ul>
        </section>
      )}
      <Carousel slides={slidesOf(detail)} title={carouselTitle} />
      {detail.formType === 'generic' && detail.labels.length > 0 && (
        <section>
          <h3>{tr('labels')}</h3>
          <ul>
            {detail.labels.map((l) => (
              <li key={l.pk}>
                <strong>{l.name}</strong> — {l.description}
              </li>
            ))}
          </ul>
        </section>
      )}
      {detail.staff && <TeamBlocks detail={detail} reload={() => setVersion((v) => v + 1)} />}
    </article>
  );
}
