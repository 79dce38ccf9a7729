import { Link } from 'react-router-dom';
import { tr } from './office-messages';
import { ListeProHelp } from './ListeProHelp';

/** The professional's home of the directory (spec 03 §2, ProfessionalHomepage): cards to their areas. */
export default function ListeProProHome() {
  const cards = [
    { to: '/annuaire-des-professionnels/fiche', title: tr('card_sheet'), text: tr('card_sheet_text') },
    { to: '/annuaire-des-pros/recherche', title: tr('card_directory'), text: tr('card_directory_text') },
  ];
  return (
    <section>
      <p className="muted">{tr('home_intro')}</p>
      <ul className="service-cards">
        {cards.map((c) => (
          <li key={c.to} className="service-card">
            <h2>
              <Link to={c.to}>{c.title}</Link>
            </h2>
            <p className="service-description">{c.text}</p>
          </li>
        ))}
      </ul>
      <h2>{tr('help.heading')}</h2>
      <ListeProHelp name="aide-utilisateur" />
    </section>
  );
}
