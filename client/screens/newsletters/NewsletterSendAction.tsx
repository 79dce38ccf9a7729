import { useCallback, useEffect, useId, useState } from 'react';
import { api, type ApiError } from '../../api/http';
import { Dialog } from '../../shell/Dialog';
import { confirmAction } from '../../shell/confirm';
import { notify } from '../../shell/notifications';
import { fetchOptions, type Option } from '../../runtime/use-options';
import { formatDateTime, formatNumber } from '../../lib/format';
import type { RecordActionProps } from '../../runtime/types';
import { reachable, recipientsText, sendingText, type RecipientLine, type Sending } from './newsletter-sending-text';

const POLL_MS = 1500;

/**
 * « Envoyer » on a saved issue: choose the list, see how many of its recipients accept newsletters,
 * confirm, then follow the sending batch by batch (the server's scheduler sends it) up to its French
 * result. An issue already sent is not sent again from here: the dialog says when and to which list.
 */
export default function NewsletterSendAction({ record, label }: RecordActionProps) {
  const pk = Number(record.pk);
  const title = typeof record.title === 'string' ? record.title : '';
  const [open, setOpen] = useState(false);
  const [sendings, setSendings] = useState<Sending[] | null>(null);
  const [lists, setLists] = useState<Option[] | null>(null);
  const [list, setList] = useState<number | null>(null);
  const [recipients, setRecipients] = useState<RecipientLine[] | null>(null);
  const [current, setCurrent] = useState<Sending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();

  const loadSendings = useCallback(
    () =>
      api<Sending[]>('/infolettres/sending/', { query: { newsletter: String(pk) } }).then(
        (rows) => setSendings([...rows].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))),
        () => setSendings([]),
      ),
    [pk],
  );
  useEffect(() => {
    void loadSendings();
  }, [loadSendings]);

  useEffect(() => {
    if (!open || lists) return;
    fetchOptions('contact-list', undefined).then(setLists, (e: ApiError) => {
      setLists([]);
      setError(e.message);
    });
  }, [open, lists]);

  useEffect(() => {
    setRecipients(null);
    if (list === null) return;
    let live = true;
    api<{ recipients: RecipientLine[] }>(`/fac/list/${list}/recipients/`).then(
      (r) => live && setRecipients(r.recipients),
      (e: ApiError) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [list]);

  // The sending under way, read again until the scheduler has handled every recipient.
  const sendingPk = current?.pk;
  const running = current?.status === 'sending';
  useEffect(() => {
    if (!sendingPk || !running) return;
    const timer = setInterval(() => {
      api<Sending>(`/infolettres/sending/${sendingPk}/`).then(
        (s) => {
          setCurrent(s);
          if (s.status !== 'sending') {
            notify(sendingText(s), s.failedCount ? 'error' : 'success');
            void loadSendings();
          }
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [sendingPk, running, loadSendings]);

  const already = sendings?.[0];
  const count = recipients ? reachable(recipients) : null;
  const listName = lists?.find((l) => l.value === list)?.label ?? '';

  const send = async () => {
    if (list === null || !count) return;
    const who = `${formatNumber(count)} destinataire${count > 1 ? 's' : ''}`;
    const ok = await confirmAction(
      `Envoyer « ${title} » à ${who} de la liste « ${listName} » ? Un envoi commencé ne peut pas être annulé.`,
      { confirm: `Envoyer à ${who}` },
    );
    if (!ok) return;
    setBusy(true);
    setError(null);
    try {
      const started = await api<{ pk: number; recipientCount: number; skippedCount: number }>(
        `/infolettres/newsletter/${pk}/send/`,
        { method: 'POST', body: { list } },
      );
      setCurrent({
        pk: started.pk,
        status: 'sending',
        recipientCount: started.recipientCount,
        skippedCount: started.skippedCount,
        sentCount: 0,
        failedCount: 0,
        createdAt: new Date().toISOString(),
        list,
      });
      void loadSendings();
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setOpen(false);
    setError(null);
    if (current && current.status !== 'sending') setCurrent(null);
  };
  const done = Boolean(current && current.status !== 'sending');

  return (
    <>
      <button
        type="button"
        className="button button-primary"
        onClick={() => setOpen(true)}
        disabled={sendings === null}
        aria-haspopup="dialog"
      >
        {label}
      </button>
      <Dialog
        open={open}
        title={`Envoyer « ${title} »`}
        onClose={close}
        actions={
          current ? (
            <button type="button" className="button" onClick={close}>
              Fermer
            </button>
          ) : (
            <>
              {!already && (
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy || !count}
                  aria-busy={busy}
                  onClick={() => void send()}
                >
                  {count ? `Envoyer à ${formatNumber(count)} destinataire${count > 1 ? 's' : ''}` : 'Envoyer'}
                </button>
              )}
              <button type="button" className="button" onClick={close}>
                {already ? 'Fermer' : 'Annuler'}
              </button>
            </>
          )
        }
      >
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        {current ? (
          <div className="newsletter-progress">
            <p role="status">{sendingText(current)}</p>
            <progress
              max={Math.max(current.recipientCount, 1)}
              value={current.sentCount + current.failedCount}
              aria-label="Avancement de l’envoi"
            />
            {!done && (
              <p className="muted small">Vous pouvez fermer cette fenêtre : l’envoi continue sur le serveur.</p>
            )}
          </div>
        ) : already ? (
          <p className="notice notice-info" role="status">
            Cette newsletter a déjà été envoyée le {formatDateTime(already.createdAt)} ({sendingText(already)}) : elle
            n’est pas renvoyée. Pour écrire à nouveau à vos lecteurs, créez un nouveau numéro.
          </p>
        ) : lists === null ? (
          <p className="muted">Chargement des listes…</p>
        ) : lists.length === 0 ? (
          <p className="notice notice-info">Aucune liste de destinataires : créez-en une dans « Listes ».</p>
        ) : (
          <>
            <fieldset className="newsletter-lists">
              <legend>Liste de destinataires</legend>
              {lists.map((l) => (
                <div key={l.value} className="checkbox">
                  <input
                    type="radio"
                    id={`${ids}-list-${l.value}`}
                    name={`${ids}-list`}
                    value={l.value}
                    checked={list === l.value}
                    onChange={() => setList(l.value)}
                  />
                  <label htmlFor={`${ids}-list-${l.value}`}>{l.label}</label>
                </div>
              ))}
            </fieldset>
            <p role="status" aria-live="polite">
              {list === null ? '' : recipients === null ? 'Calcul des destinataires…' : recipientsText(recipients)}
            </p>
          </>
        )}
      </Dialog>
    </>
  );
}
