import { useState } from 'react';
import { t } from '../../lib/messages';
import { notify } from '../../shell/notifications';
import { downloadFile } from './file-transfer';

/** A button that downloads a file of the API under its own name; a refusal is a French toast. */
export function FileDownloadButton({ path, name, label }: { path: string; name: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="link-button file-download"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(path, name);
        } catch (e) {
          notify((e as Error).message, 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      {label ?? name}
    </button>
  );
}
