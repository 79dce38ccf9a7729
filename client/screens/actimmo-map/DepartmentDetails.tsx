import type { ShownStructure, Contact } from './map-api';
import { usePhoneHref } from '../../lib/use-phone-href';
import { pictureSrc, websiteHref } from './map-api';
import { tr } from './i18n';

type Level = 2 | 3 | 4;

function Heading({ level, children, id }: { level: Level; children: React.ReactNode; id?: string }) {
  const Tag = `h${level}` as 'h2' | 'h3' | 'h4';
  return <Tag id={id}>{children}</Tag>;
}

function ContactItem({ contact }: { contact: Contact }) {
  const phoneHref = usePhoneHref();
  return (
    <li className="actimmo-contact">
      <p className="actimmo-contact-name">
        {contact.firstName} {contact.lastName}
      </p>
      {contact.title && <p className="actimmo-contact-title">{contact.title}</p>}
      <dl>
        {contact.phone && (
          <div>
            <dt>{tr('phone')}</dt>
            <dd>
              <a href={phoneHref(contact.phone)}>{contact.phone}</a>
            </dd>
          </div>
        )}
        <div>
          <dt>{tr('email')}</dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
        </div>
      </dl>
    </li>
  );
}

function StructureCard({ structure, level }: { structure: ShownStructure; level: Level }) {
  const website = websiteHref(structure.website);
  const picture = pictureSrc(structure.picture);
  return (
    <li className="actimmo-structure">
      <div className="actimmo-structure-head">
        {picture && <img src={picture} alt={tr('logo_alt', { name: structure.name })} loading="lazy" />}
        <div>
          <Heading level={level}>{structure.fullName}</Heading>
          {structure.name !== structure.fullName && <p className="actimmo-structure-short">{structure.name}</p>}
        </div>
      </div>
      {structure.presentation && <p className="actimmo-presentation">{structure.presentation}</p>}
      {website && (
        <p>
          <a href={website} target="_blank" rel="noopener noreferrer">
            {tr('website')}
            <span className="visually-hidden">
              {' '}
              {structure.fullName} {tr('new_window')}
            </span>
          </a>
        </p>
      )}
      {structure.contacts.length > 0 ? (
        <ul className="actimmo-contacts" aria-label={`${tr('contacts')} – ${structure.fullName}`}>
          {structure.contacts.map((c) => (
            <ContactItem key={c.pk} contact={c} />
          ))}
        </ul>
      ) : (
        <p className="actimmo-muted">{tr('no_contact')}</p>
      )}
    </li>
  );
}

/** A department's laureate structures and their contacts (the side panel and the list use it). */
export function DepartmentDetails({ structures, level }: { structures: ShownStructure[]; level: Level }) {
  if (!structures.length) return <p className="actimmo-muted">{tr('no_laureate')}</p>;
  return (
    <ul className="actimmo-structures">
      {structures.map((s) => (
        <StructureCard key={s.pk} structure={s} level={level} />
      ))}
    </ul>
  );
}

export function structuresCount(count: number): string {
  return tr('structures', { count });
}
