import { Link } from 'react-router-dom';
import { t } from '../../lib/messages';
import { formatDateTime, formatNumber } from '../../lib/format';
import { routes } from '../../generated/manifest';
import { at, type Overview } from './account-api';

const hasRoute = (path: string) => routes.some((r) => r.path === path);

/** Advisor: how clients see them in appointment confirmations and the calendar (colour). */
export function AppointmentPreview({
  draft,
  structure,
}: {
  draft: { fullName: string; title: string; phone: string; color: string; picture: string | null };
  structure: string | null;
}) {
  return (
    <section className="panel" aria-labelledby="profile-appointments">
      <h2 id="profile-appointments">{at('accounts.ui.appointments_title')}</h2>
      <p className="section-description">{at('accounts.ui.appointments_help')}</p>
      <div className="appointment-preview" style={{ borderLeftColor: draft.color }}>
        <p className="appointment-line">
          <span className="swatch" style={{ background: draft.color }} aria-hidden="true" />
          <span>
            <strong>{draft.fullName || t('ui.no_value')}</strong>
            {draft.title && `, ${draft.title}`}
          </span>
        </p>
        {structure && <p>{structure}</p>}
        <p>
          {draft.phone ? (
            at('accounts.ui.appointments_phone', { phone: draft.phone })
          ) : (
            <span className="muted">{at('accounts.ui.appointments_no_phone')}</span>
          )}
        </p>
      </div>
    </section>
  );
}

export function StructurePanel({ structure }: { structure: NonNullable<Overview['structure']> }) {
  const link = hasRoute('/ma-structure') ? '/ma-structure' : null;
  return (
    <section className="panel" aria-labelledby="profile-structure">
      <h2 id="profile-structure">{at('accounts.ui.structure')}</h2>
      <dl className="details">
        <div className="detail-row">
          <dt>{at('accounts.ui.structure_name')}</dt>
          <dd>
            {structure.fullName ? `${structure.name} (${structure.fullName})` : structure.name}
            {!structure.isActive && ` ${t('ui.inactive_suffix')}`}
          </dd>
        </div>
        <div className="detail-row">
          <dt>{at('accounts.ui.structure_kind')}</dt>
          <dd>{structure.isAdmin ? at('accounts.ui.structure_admin') : at('accounts.ui.structure_ordinary')}</dd>
        </div>
        {structure.adminGroup && (
          <div className="detail-row">
            <dt>{at('accounts.ui.structure_parent')}</dt>
            <dd>{structure.adminGroup.name}</dd>
          </div>
        )}
        <div className="detail-row">
          <dt>{at('accounts.ui.structure_members')}</dt>
          <dd>{formatNumber(structure.usersCount)}</dd>
        </div>
      </dl>
      {link && (
        <p>
          <Link to={link}>{at('accounts.ui.structure_open')}</Link>
        </p>
      )}
    </section>
  );
}

/** Manager: the structures their administration group runs. */
export function ManagedStructures({ children }: { children: NonNullable<Overview['childStructures']> }) {
  const detail = hasRoute('/groupes/:pk');
  return (
    <section className="panel" aria-labelledby="profile-children">
      <h2 id="profile-children">{at('accounts.ui.children_title')}</h2>
      {children.length === 0 ? (
        <p className="muted">{at('accounts.ui.children_none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{at('accounts.ui.children_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{at('accounts.ui.structure_name')}</th>
                <th scope="col">{at('accounts.ui.structure_members')}</th>
                <th scope="col">{at('accounts.ui.structure_state')}</th>
              </tr>
            </thead>
            <tbody>
              {children.map((c) => (
                <tr key={c.pk}>
                  <td>{detail ? <Link to={`/groupes/${c.pk}`}>{c.name}</Link> : c.name}</td>
                  <td>{formatNumber(c.usersCount)}</td>
                  <td>
                    <span className={`badge ${c.isActive ? 'badge-yes' : 'badge-no'}`}>
                      {c.isActive ? at('accounts.ui.active') : at('accounts.ui.inactive')}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Administrator: how the platform sends its mail, the sign-in limits, the domains. */
export function AdminPanel({ platform }: { platform: NonNullable<Overview['platform']> }) {
  const m = platform.mail;
  return (
    <section className="panel" aria-labelledby="profile-platform">
      <h2 id="profile-platform">{at('accounts.ui.platform_title')}</h2>
      <dl className="details">
        <div className="detail-row">
          <dt>{at('accounts.ui.mail_mode')}</dt>
          <dd>
            {m.mode === 'smtp'
              ? at('accounts.ui.mail_mode_smtp', { server: m.server })
              : at('accounts.ui.mail_mode_outbox')}
          </dd>
        </div>
        <div className="detail-row">
          <dt>{at('accounts.ui.mail_from')}</dt>
          <dd>{m.from}</dd>
        </div>
        <div className="detail-row">
          <dt>{at('accounts.ui.mail_counts')}</dt>
          <dd>{at('accounts.ui.mail_counts_value', { sent: m.sent, failed: m.failed, notSent: m.notSent })}</dd>
        </div>
        {m.lastAt && (
          <div className="detail-row">
            <dt>{at('accounts.ui.mail_last')}</dt>
            <dd>{formatDateTime(m.lastAt)}</dd>
          </div>
        )}
        <div className="detail-row">
          <dt>{at('accounts.ui.rate_limits')}</dt>
          <dd>
            {at('accounts.ui.rate_limits_value', {
              ip: platform.rateLimits.loginPerIp,
              email: platform.rateLimits.loginFailuresPerEmail,
              minutes: platform.rateLimits.windowMinutes,
            })}{' '}
            {platform.rateLimits.sharedStore === 'redis'
              ? at('accounts.ui.rate_store_redis')
              : at('accounts.ui.rate_store_memory')}
          </dd>
        </div>
        <div className="detail-row">
          <dt>{at('accounts.ui.active_users')}</dt>
          <dd>{formatNumber(platform.activeUsers)}</dd>
        </div>
        <div className="detail-row">
          <dt>{at('accounts.ui.white_labels')}</dt>
          <dd>
            {platform.whiteLabels
              .map((w) => `${w.siteTitle || w.domain} (${w.domain})${w.isActive ? '' : ` ${t('ui.inactive_suffix')}`}`)
              .join(' ; ')}
          </dd>
        </div>
        <div className="detail-row">
          <dt>{at('accounts.ui.version')}</dt>
          <dd>{platform.version}</dd>
        </div>
      </dl>
      <p>
        <Link className="button" to="/administration/courriels-envoyes/">
          {at('accounts.ui.outbox_link')}
        </Link>
      </p>
    </section>
  );
}
