import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router-dom';
import { menuAtom, type MenuItem } from '../state/menu';
import { t } from '../lib/messages';

/** A product name (« Thermix ») says nothing by itself: the kind of service goes under it. */
function EntryText({ item }: { item: MenuItem }) {
  return (
    <>
      <span className="menu-label">
        {item.label}
        {/* Read « Saisies incomplètes, 3 à compléter »; the pill shows the number only. */}
        {item.badge && (
          <>
            <span className="visually-hidden">,</span>
            <span className="menu-badge">
              {item.badge.count}
              <span className="visually-hidden"> {item.badge.label}</span>
            </span>
          </>
        )}
      </span>
      {item.subtitle && <span className="menu-subtitle">{item.subtitle}</span>}
    </>
  );
}

function Entry({ item, onNavigate }: { item: MenuItem; onNavigate: () => void }) {
  return (
    <li>
      {item.path ? (
        <NavLink to={item.path} end={item.path === '/'} onClick={onNavigate} title={item.description}>
          <EntryText item={item} />
        </NavLink>
      ) : item.href ? (
        <a href={item.href} target="_blank" rel="noreferrer" title={item.description}>
          <EntryText item={item} />
        </a>
      ) : (
        <span className="menu-group">
          <EntryText item={item} />
        </span>
      )}
      {item.children && (
        <ul>
          {item.children.map((c) => (
            <Entry key={c.id} item={c} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </li>
  );
}

export function SideMenu(props: { open: boolean; onNavigate: () => void }) {
  const items = useAtomValue(menuAtom);
  return (
    <nav id="side-menu" className={`side-menu${props.open ? ' open' : ''}`} aria-label={t('ui.menu')}>
      <ul>
        {items.map((item) => (
          <Entry key={item.id} item={item} onNavigate={props.onNavigate} />
        ))}
      </ul>
    </nav>
  );
}
