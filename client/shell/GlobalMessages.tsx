import { atom, useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { api } from '../api/http';
import { store } from '../state/store';
import { profileAtom, sessionEpochAtom } from '../state/session';
import { Dialog } from './Dialog';
import { MailIcon } from './icons';
import { t } from '../lib/messages';

interface GlobalMessage {
  pk: number;
  title: string;
  messageHtml: string;
}
interface Messages {
  newMessages: GlobalMessage[];
  seenMessages: GlobalMessage[];
}

const messagesAtom = atom<Messages>({ newMessages: [], seenMessages: [] });
const openAtom = atom(false);
const POLL_MS = 15 * 60 * 1000;

async function loadMessages(openIfNew: boolean): Promise<void> {
  try {
    const m = await api<Messages>('/global-messages/messages-for-user/');
    store.set(messagesAtom, m);
    if (openIfNew && m.newMessages.length) store.set(openAtom, true);
  } catch {
    /* spec 01 §8: failures of global messages are ignored */
  }
}

/** Polls on sign-in and every 15 minutes (spec 01 §9) while someone is signed in. */
export function useGlobalMessagesPolling(): void {
  const profile = useAtomValue(profileAtom);
  const epoch = useAtomValue(sessionEpochAtom);
  useEffect(() => {
    if (!profile) {
      store.set(messagesAtom, { newMessages: [], seenMessages: [] });
      return;
    }
    void loadMessages(true);
    const timer = setInterval(() => void loadMessages(true), POLL_MS);
    return () => clearInterval(timer);
  }, [profile?.pk, epoch]);
}

function MessageBody({ message }: { message: GlobalMessage }) {
  // The HTML was sanitised by the server when an administrator saved it.
  return <div className="global-message-body" dangerouslySetInnerHTML={{ __html: message.messageHtml }} />;
}

/** The header's message icon and the messages dialog: acknowledge new ones, reopen seen ones. */
export function GlobalMessagesButton() {
  const [messages] = useAtom(messagesAtom);
  const [open, setOpen] = useAtom(openAtom);
  const [reopened, setReopened] = useState<number | null>(null);
  const count = messages.newMessages.length;
  const acknowledge = async (pk: number) => {
    try {
      await api('/global-messages/mark-message-as-read-by-user/0/', { method: 'POST', body: { pk } });
    } finally {
      await loadMessages(false);
    }
  };
  const title = count ? t('ui.messages_unread', { count }) : t('ui.messages');
  return (
    <>
      <button
        type="button"
        className="icon-button message-button"
        aria-label={title}
        title={title}
        onClick={() => setOpen(true)}
      >
        <MailIcon />
        {count > 0 && (
          <span className="message-count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      <Dialog open={open} title={title} onClose={() => setOpen(false)} wide>
        {count === 0 && messages.seenMessages.length === 0 && <p className="muted">{t('ui.messages_none')}</p>}
        {messages.newMessages.map((m) => (
          <article key={m.pk} className="global-message">
            <h3>{m.title}</h3>
            <MessageBody message={m} />
            <button type="button" className="button button-primary" onClick={() => void acknowledge(m.pk)}>
              {t('ui.messages_acknowledge')}
            </button>
          </article>
        ))}
        {messages.seenMessages.length > 0 && (
          <section aria-labelledby="seen-messages">
            <h3 id="seen-messages">{t('ui.messages_seen')}</h3>
            <ul className="link-list">
              {messages.seenMessages.map((m) => (
                <li key={m.pk}>
                  <button
                    type="button"
                    className="link-button"
                    aria-expanded={reopened === m.pk}
                    onClick={() => setReopened(reopened === m.pk ? null : m.pk)}
                  >
                    {m.title}
                  </button>
                  {reopened === m.pk && <MessageBody message={m} />}
                </li>
              ))}
            </ul>
          </section>
        )}
      </Dialog>
    </>
  );
}
