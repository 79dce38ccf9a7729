import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { t } from '../../lib/messages';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../shell/page-title';
import { notify } from '../../shell/notifications';
import { ruleUserAtom } from '../../state/session';
import { roles } from '../../generated/manifest';
import type { ApiError } from '../../api/http';
import {
  at,
  CONSENT_FIELDS,
  fetchOverview,
  fetchProfile,
  saveProfile,
  type Consent,
  type FullProfile,
  type Overview,
  type ProfileAnswer,
} from './account-api';
import { fieldErrorsOf } from './PasswordPair';
import { PictureEditor } from './PictureEditor';
import { AdminPanel, AppointmentPreview, ManagedStructures, StructurePanel } from './ProfilePanels';
import './account.css';

export type ProfileVariant = 'common' | 'admin' | 'advisor' | 'manager';

type Draft = Pick<FullProfile, 'civility' | 'firstName' | 'lastName' | 'title' | 'phone' | 'color' | 'email'>;

const sixDigits = (c: string) =>
  /^#[0-9a-f]{3}$/i.test(c) ? `#${c[1]}${c[1]}${c[2]}${c[2]}${c[3]}${c[3]}` : c || '#888888';

/**
 * The own profile. Every variant edits the same fields (civility, names, title, phone, calendar
 * colour for advisors and managers, picture, consent); each adds what its role needs beside them (see
 * ProfilePanels): advisors their look in appointment messages, managers their structures,
 * administrators the platform's mail delivery.
 */
export function ProfilePage({ variant }: { variant: ProfileVariant }) {
  const user = useAtomValue(ruleUserAtom);
  const [answer, setAnswer] = useState<ProfileAnswer | null>(null);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [consent, setConsent] = useState<Consent | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new sign-in e-mail waits for the link mailed to it: the page says where it went.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // Calendar colour, title and phone matter where the person meets clients: advisors and managers.
  const meetsClients = user.roles.includes('advisor') || user.roles.includes('manager');

  useEffect(() => {
    fetchProfile().then(
      (a) => {
        setAnswer(a);
        setDraft({
          civility: a.user.civility,
          firstName: a.user.firstName,
          lastName: a.user.lastName,
          title: a.user.title,
          phone: a.user.phone,
          color: sixDigits(a.user.color),
          email: a.user.email,
        });
        setConsent(a.rgpdConsent);
      },
      (e: ApiError) => setLoadError(e.message),
    );
    if (variant !== 'common') fetchOverview().then(setOverview, () => setOverview(null));
  }, [variant]);

  if (loadError)
    return (
      <div className="notice notice-error" role="alert">
        {loadError}
      </div>
    );
  if (!answer || !draft)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  const profile = answer.user;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const local: Record<string, string> = {};
    if (!draft.lastName.trim()) local.lastName = t('validation.required');
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const fields: Record<string, unknown> = {
        civility: draft.civility,
        firstName: draft.firstName.trim(),
        lastName: draft.lastName.trim(),
        title: draft.title.trim(),
        phone: draft.phone.trim(),
      };
      if (meetsClients) fields.color = draft.color;
      // Sent only when changed: the server then mails a confirmation link instead of changing it.
      const email = draft.email.trim().toLowerCase();
      if (email !== profile.email) fields.email = email;
      const choices = consent ? Object.fromEntries(CONSENT_FIELDS.map((f) => [f, consent[f]])) : null;
      const saved = await saveProfile(profile.pk, fields, choices);
      setAnswer(saved);
      setConsent(saved.rgpdConsent);
      setDraft({ ...draft, email: saved.user.email });
      setPendingEmail(saved.emailChange?.pending ?? null);
      notify(at('accounts.profile.saved'), 'success');
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setFormError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const text = (
    key: keyof Draft,
    label: string,
    props: { required?: boolean; type?: string; autoComplete?: string; help?: string } = {},
  ) => {
    const id = `profile-${key}`;
    const described =
      [props.help ? `${id}-help` : null, errors[key] ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`field${errors[key] ? ' has-error' : ''}`}>
        <label htmlFor={id}>
          {label}
          {props.required && (
            <>
              {' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </>
          )}
        </label>
        <input
          id={id}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          value={draft[key]}
          required={props.required}
          aria-invalid={Boolean(errors[key])}
          aria-describedby={described}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
        {props.help && (
          <p className="field-help" id={`${id}-help`}>
            {props.help}
          </p>
        )}
        {errors[key] && (
          <p className="field-error" id={`${id}-error`}>
            {errors[key]}
          </p>
        )}
      </div>
    );
  };

  return (
    <div className="profile">
      <form onSubmit={submit} noValidate className="profile-form">
        {formError && (
          <div className="notice notice-error" role="alert">
            {formError}
          </div>
        )}
        <section className="panel" aria-labelledby="profile-identity">
          <h2 id="profile-identity">{at('accounts.ui.identity')}</h2>
          <PictureEditor
            userPk={profile.pk}
            picture={profile.profilePic}
            name={profile.fullName}
            onChange={(profilePic) => setAnswer({ ...answer, user: { ...profile, profilePic } })}
          />
          <div className={`field${errors.civility ? ' has-error' : ''}`}>
            <label htmlFor="profile-civility">{at('accounts.ui.civility')}</label>
            <select
              id="profile-civility"
              value={draft.civility}
              onChange={(e) => setDraft({ ...draft, civility: e.target.value })}
            >
              <option value="">{t('ui.no_value')}</option>
              <option value="M.">M.</option>
              <option value="Mme">Mme</option>
            </select>
            {errors.civility && <p className="field-error">{errors.civility}</p>}
          </div>
          {text('firstName', at('accounts.ui.first_name'), { autoComplete: 'given-name' })}
          {text('lastName', at('accounts.ui.last_name'), { required: true, autoComplete: 'family-name' })}
          {text('email', t('ui.email'), {
            type: 'email',
            autoComplete: 'email',
            help: at('accounts.ui.email_change_help'),
          })}
          {pendingEmail && (
            <div className="notice notice-info" role="status">
              {at('accounts.email.pending', { email: pendingEmail, current: profile.email })}
            </div>
          )}
          <dl className="details">
            <div className="detail-row">
              <dt>{at('accounts.ui.account_type')}</dt>
              <dd>{roles.userTypes[profile.userType]?.label ?? profile.userType}</dd>
            </div>
            {profile.group && (
              <div className="detail-row">
                <dt>{at('accounts.ui.structure')}</dt>
                <dd>{profile.group.name}</dd>
              </div>
            )}
            {profile.lastLogin && (
              <div className="detail-row">
                <dt>{at('accounts.ui.last_login')}</dt>
                <dd>{formatDateTime(profile.lastLogin)}</dd>
              </div>
            )}
          </dl>
        </section>
        <section className="panel" aria-labelledby="profile-contact">
          <h2 id="profile-contact">{at('accounts.ui.contact')}</h2>
          {text('title', at('accounts.ui.title_field'), {
            help: meetsClients ? at('accounts.ui.title_help_staff') : undefined,
          })}
          {text('phone', at('accounts.ui.phone'), {
            type: 'tel',
            autoComplete: 'tel',
            help: meetsClients ? at('accounts.ui.phone_help_staff') : undefined,
          })}
          {meetsClients && (
            <div className={`field${errors.color ? ' has-error' : ''}`}>
              <label htmlFor="profile-color">{at('accounts.ui.color')}</label>
              <span className="color-widget">
                <input
                  id="profile-color"
                  type="color"
                  value={draft.color}
                  aria-describedby="profile-color-help"
                  onChange={(e) => setDraft({ ...draft, color: e.target.value })}
                />{' '}
                <code>{draft.color}</code>
              </span>
              <p className="field-help" id="profile-color-help">
                {at('accounts.ui.color_help')}
              </p>
              {errors.color && <p className="field-error">{errors.color}</p>}
            </div>
          )}
        </section>
        {variant === 'advisor' && (
          <AppointmentPreview
            draft={{
              ...draft,
              fullName: [draft.firstName, draft.lastName].filter(Boolean).join(' '),
              picture: profile.profilePic,
            }}
            structure={overview?.structure?.name ?? profile.group?.name ?? null}
          />
        )}
        {consent && (
          <fieldset className="panel consent" aria-describedby="consent-state">
            <legend>{at('accounts.ui.consent_title')}</legend>
            <p id="consent-state" className="section-description">
              {consent.createdAt
                ? at('accounts.ui.consent_since', { date: formatDateTime(consent.createdAt) })
                : at('accounts.ui.consent_default')}
            </p>
            {CONSENT_FIELDS.map((f) => (
              <div key={f} className="checkbox consent-choice">
                <input
                  id={`consent-${f}`}
                  type="checkbox"
                  checked={consent[f]}
                  onChange={(e) => setConsent({ ...consent, [f]: e.target.checked })}
                />
                <label htmlFor={`consent-${f}`}>{at(`accounts.consent.${f}`)}</label>
              </div>
            ))}
          </fieldset>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('ui.saving') : t('ui.save')}
          </button>
        </div>
      </form>
      {variant !== 'common' && overview?.structure && <StructurePanel structure={overview.structure} />}
      {variant === 'manager' && overview?.childStructures && <ManagedStructures children={overview.childStructures} />}
      {variant === 'admin' && overview?.platform && <AdminPanel platform={overview.platform} />}
      <section className="panel" aria-labelledby="profile-account">
        <h2 id="profile-account">{at('accounts.ui.account_section')}</h2>
        <ul className="link-list">
          <li>
            <Link to="/mon-compte/changement-de-mot-de-passe">{at('accounts.ui.change_title')}</Link>
          </li>
          {variant !== 'common' && (
            <li>
              <Link to="/mon-compte/profil">{at('accounts.ui.common_profile')}</Link>
            </li>
          )}
          {variant !== 'admin' && user.roles.includes('administrator') && (
            <li>
              <Link to="/mon-compte/profil-admin">{at('accounts.ui.admin_profile')}</Link>
            </li>
          )}
          {variant !== 'advisor' && (user.roles.includes('advisor') || user.roles.includes('manager')) && (
            <li>
              <Link to="/mon-compte/profil-advisor">{at('accounts.ui.advisor_profile')}</Link>
            </li>
          )}
          {variant !== 'manager' && user.roles.includes('manager') && (
            <li>
              <Link to="/mon-compte/profil-manager">{at('accounts.ui.manager_profile')}</Link>
            </li>
          )}
          <li>
            <Link to="/mon-compte/supprimer" className="danger-link">
              {at('accounts.ui.delete_title')}
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

export default function ProfileScreen() {
  usePageTitle(at('accounts.ui.profile_title'));
  return <ProfilePage variant="common" />;
}
