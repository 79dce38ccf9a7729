import { useState, type InputHTMLAttributes } from 'react';
import { t } from '../lib/messages';

/**
 * A password field with a « Afficher le mot de passe » toggle: on a phone, or for someone who
 * types slowly, seeing what was typed avoids failed sign-ins (and the lock-out they lead to).
 * The toggle is a real button next to the field; its name says what it will do next.
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} autoCapitalize="off" autoCorrect="off" spellCheck={false} />
      {/* Named by its text, not by aria-label: the field alone answers to « Mot de passe ». */}
      <button
        type="button"
        className="link-button password-toggle"
        aria-controls={props.id}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t('shell.password_hide') : t('shell.password_show')}
      </button>
      <span className="visually-hidden" role="status">
        {shown ? t('shell.password_shown') : ''}
      </span>
    </div>
  );
}
