import { Link } from 'react-router-dom';
import { t } from '../lib/messages';

export function NotFound() {
  return (
    <div className="notice">
      <p>{t('ui.not_found')}</p>
      <p>
        <Link to="/">{t('ui.home')}</Link>
      </p>
    </div>
  );
}
