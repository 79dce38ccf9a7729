import './listepro.css';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Dialog } from '../../shell/Dialog';
import { ListeProHelp } from '../listepro-office/ListeProHelp';
import { ListeProWhatWhere } from './ListeProWhatWhere';
import { ListeProInfoLinks, ListeProTopLinks } from './ListeProLinks';
import { loadTree, MAR_ACTIVITY, MAR_PATH, resultsPath, tr, type SearchTreeActivity } from './listepro-api';

/**
 * /annuaire-des-pros/recherche, the directory's home: « Quoi ? » and « Où ? » first (issue 26 item
 * 6), then the guided path (spec 03 §2): three steps — type of building, mission, then the
 * precise mission — each a group of buttons; « Retour » clears the deepest choice; a mission with
 * one sub-mission has it chosen at once; once all three are known, « Afficher les résultats ».
 * The step's heading takes the focus at each step, so a keyboard or screen-reader user follows.
 */
export default function ListeProSearchScreen() {
  const [tree, setTree] = useState<SearchTreeActivity[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [activity, setActivity] = useState<number | null>(null);
  const [mission, setMission] = useState<number | null>(null);
  const [subMission, setSubMission] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const [helpOpen, setHelpOpen] = useState(false);

  useEffect(() => {
    let live = true;
    loadTree()
      .then((t) => live && setTree(t))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const a = tree?.find((x) => x.pk === activity) ?? null;
  const m = a?.missions.find((x) => x.pk === mission) ?? null;
  const s = m?.subMissions.find((x) => x.pk === subMission) ?? null;
  const step = !a ? 1 : !m ? 2 : !s ? 3 : 4;

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const chooseMission = (pk: number) => {
    moved.current = true;
    setMission(pk);
    const subs = a?.missions.find((x) => x.pk === pk)?.subMissions ?? [];
    setSubMission(subs.length === 1 ? subs[0].pk : null);
  };
  const back = () => {
    moved.current = true;
    if (step === 4) {
      // A preselected single sub-mission goes with its mission.
      if (m && m.subMissions.length === 1) setMission(null);
      setSubMission(null);
    } else if (step === 3) setMission(null);
    else setActivity(null);
  };

  if (failed)
    return (
      <p className="notice notice-error" role="alert">
        {tr('load_error')}
      </p>
    );
  if (!tree)
    return (
      <p className="muted" role="status">
        {tr('loading')}
      </p>
    );

  const title = step === 1 ? tr('step1') : step === 2 ? tr('step2') : step === 3 ? tr('step3') : tr('step_done');
  const choice = [a?.name, m?.name, s?.name].filter(Boolean).join(' › ');
  return (
    <div className="listepro-search">
      <ListeProTopLinks />
      <ListeProWhatWhere />
      <section className="listepro-guided" aria-labelledby="listepro-guided-title">
        <h2 id="listepro-guided-title">{tr('guided_title')}</h2>
        <p className="listepro-step">{tr('step', { step: Math.min(step, 3) })}</p>
        <h3 ref={heading} tabIndex={-1} className="listepro-step-title">
          {title}
        </h3>
        {choice && <p className="listepro-choice">{tr('chosen', { choice })}</p>}
        {step === 1 && (
          <ul className="listepro-options" aria-label={tr('step1')}>
            {tree.map((x) => (
              <li key={x.pk}>
                <button
                  type="button"
                  className="listepro-option"
                  onClick={() => {
                    moved.current = true;
                    setActivity(x.pk);
                  }}
                >
                  {x.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        {step === 2 && a && (
          <>
            <ul className="listepro-options" aria-label={tr('step2')}>
              {a.missions.map((x) => (
                <li key={x.pk}>
                  <button type="button" className="listepro-option" onClick={() => chooseMission(x.pk)}>
                    {x.name}
                  </button>
                </li>
              ))}
            </ul>
            {a.pk === MAR_ACTIVITY && (
              <p className="listepro-mar">
                <Link className="button" to={MAR_PATH}>
                  {tr('mar')}
                </Link>{' '}
                <span className="muted">{tr('mar_help')}</span>
              </p>
            )}
          </>
        )}
        {step === 3 && m && (
          <ul className="listepro-options" aria-label={tr('step3')}>
            {m.subMissions.map((x) => (
              <li key={x.pk}>
                <button
                  type="button"
                  className="listepro-option"
                  onClick={() => {
                    moved.current = true;
                    setSubMission(x.pk);
                  }}
                >
                  {x.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        {step === 4 && a && m && s && (
          <p>
            <Link className="button button-primary" to={resultsPath(a.pk, m.pk, s.pk)}>
              {tr('show_results')}
            </Link>
          </p>
        )}
        {step > 1 && (
          <p>
            <button type="button" className="button" onClick={back}>
              ← {tr('back')}
            </button>
          </p>
        )}
      </section>
      <p className="listepro-help-link">
        <button type="button" className="button" onClick={() => setHelpOpen(true)}>
          {tr('join')}
        </button>
      </p>
      <ListeProInfoLinks />
      {/* « Être référencé » (spec 03 §2): the help for professionals, editable here by directory administrators. */}
      <Dialog open={helpOpen} title={tr('join')} onClose={() => setHelpOpen(false)} wide>
        {helpOpen && <ListeProHelp name="acces-professionnel" />}
      </Dialog>
    </div>
  );
}
