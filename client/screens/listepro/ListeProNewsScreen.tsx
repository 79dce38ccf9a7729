import './listepro.css';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { profileAtom, whiteLabelAtom } from '../../state/session';
import { directoryHome } from './directory-home';
import { tr } from './listepro-api';

/**
 * /annuaire-des-pros/actualites (spec 03 §2 « News »): the white label's news settings (name and
 * baseline of the « Actualités de l'annuaire » module, which the route needs on) and the way back
 * to the directory, to each user's part of it. The reference embeds an external page whose
 * address no setting of the platform holds (reference §6): until one does, the page says that
 * nothing is published.
 */
export default function ListeProNewsScreen() {
  const profile = useAtomValue(profileAtom);
  const wl = useAtomValue(whiteLabelAtom);
  const name = typeof wl?.listeproNewsName === 'string' && wl.listeproNewsName ? wl.listeproNewsName : tr('news');
  const baseline = typeof wl?.listeproNewsBaseline === 'string' ? wl.listeproNewsBaseline : '';
  return (
    <div className="listepro-news">
      <p>
        <Link to={directoryHome(profile?.userType)}>← {tr('news_back')}</Link>
      </p>
      <h2>{name}</h2>
      {baseline && <p className="muted">{baseline}</p>}
      <p className="notice">{tr('news_empty')}</p>
    </div>
  );
}
