import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../shell/Dialog';
import { t } from '../lib/messages';
import { SafeHtml } from './SafeHtml';

/** GET …/transitions/:name/mail/: the mail as the transition would send it for this record. */
export interface WorkflowMail {
  editable: boolean;
  to: string;
  subject: string;
  content: string;
}

/**
 * « Édition d'un courriel » (spec 03 §2): the transition's mail, editable when the workflow says so,
 * sent with the transition, or the transition run without it. A modal <dialog>: focus stays inside,
 * Escape and « Retour » close it; the panel gives the focus back to the button that opened it.
 */
export function WorkflowMailDialog(props: {
  label: string;
  mail: WorkflowMail;
  busy: boolean;
  error: string;
  onClose: () => void;
  onSend: (subject: string, content: string) => void;
  onSkipMail: () => void;
}) {
  const { mail } = props;
  const id = useId();
  const [subject, setSubject] = useState(mail.subject);
  const [content, setContent] = useState(mail.content);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    first.current?.focus();
  }, []);
  return (
    <Dialog
      open
      wide
      title={t('ui.workflow.mail_title')}
      onClose={props.onClose}
      actions={
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={props.busy}
            aria-busy={props.busy}
            onClick={() => props.onSend(subject, content)}
          >
            {t('ui.workflow.send')}
          </button>
          <button type="button" className="button" disabled={props.busy} onClick={props.onSkipMail}>
            {t('ui.workflow.save_without_mail')}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            {t('ui.workflow.back')}
          </button>
        </>
      }
    >
      <p>{t(mail.editable ? 'ui.workflow.mail_intro' : 'ui.workflow.mail_fixed', { label: props.label })}</p>
      {props.error && (
        <p className="notice notice-error" role="alert">
          {props.error}
        </p>
      )}
      <p>
        {t('ui.workflow.mail_to')} : <strong>{mail.to || t('ui.workflow.mail_no_recipient')}</strong>
      </p>
      <div className="field">
        <label htmlFor={`${id}-subject`}>{t('ui.workflow.mail_subject')}</label>
        <input
          ref={first}
          id={`${id}-subject`}
          className="input"
          type="text"
          value={subject}
          readOnly={!mail.editable}
          maxLength={300}
          onChange={(e) => setSubject(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-content`}>{t('ui.workflow.mail_content')}</label>
        <textarea
          id={`${id}-content`}
          className="input"
          rows={8}
          value={content}
          readOnly={!mail.editable}
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <h3 className="small">{t('ui.workflow.mail_preview')}</h3>
      <SafeHtml html={content} className="html-preview" />
    </Dialog>
  );
}
