import './listepro.css';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { profileAtom, whiteLabelAtom } from '../../state/session';
import { directoryHome } from './directory-home';
import { tr } from './listepro-api';
import { ListeProHelp } from '../listepro-office/ListeProHelp';

/**
 * /annuaire-des-pros/actualites (spec 03 §2 « News », issue 28 row 3): the module's name and
 * baseline, and the news themselves, the directory help text `actualites` (listepro-helper), which
 * directory administrators and administrators write in place (« Éditer le message »); the way back
 * leads to each user's part of the directory. The reference embedded an external page: here the
 * network's team writes the page itself, with no other site to keep.
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
      <ListeProHelp name="actualites" />
    </div>
  );
}
