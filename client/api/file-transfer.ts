import { store, tokensAtom } from '../state/store';
import { t } from '../lib/messages';
import { ApiError, buildUrl, messageForStatus, type RequestOptions } from './http';

function authHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { 'x-client-version': __APP_VERSION__, ...extra };
  const tokens = store.get(tokensAtom);
  if (tokens) headers.Authorization = `JWT ${tokens.token}`;
  return headers;
}

async function errorOf(res: Response): Promise<ApiError> {
  let d: Record<string, unknown> = {};
  try {
    d = (await res.json()) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's page): the message for the status.
  }
  return new ApiError(
    res.status,
    String(d.error ?? 'error'),
    typeof d.message === 'string' ? d.message : messageForStatus(res.status),
  );
}

/** File name of a download, from Content-Disposition, else `fallback`. */
function fileNameOf(headers: Headers, fallback: string): string {
  const m = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

/** Hands a file to the browser's downloads. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A file the API prepares (an export), fetched with the session token — a plain link could not
 * send it — then saved under the name the server gives.
 */
export async function downloadFile(path: string, query: RequestOptions['query'], fallback: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers: authHeaders(), credentials: 'same-origin' });
  } catch (e) {
    throw new ApiError(0, 'network', t('errors.500'), [], { cause: String(e) });
  }
  if (!res.ok) throw await errorOf(res);
  const name = fileNameOf(res.headers, fallback);
  saveFile(name, await res.blob());
  return name;
}

/**
 * Sends a file as the request body and reads a streamed answer of JSON lines
 * (`application/x-ndjson`), each handed to `onLine` as it arrives: the import's progress.
 */
export async function uploadStreamed(
  path: string,
  query: RequestOptions['query'],
  file: Blob,
  onLine: (line: Record<string, unknown>) => void,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      method: 'POST',
      headers: authHeaders({ Accept: 'application/x-ndjson', 'Content-Type': 'application/octet-stream' }),
      body: file,
      credentials: 'same-origin',
    });
  } catch (e) {
    throw new ApiError(0, 'network', t('errors.500'), [], { cause: String(e) });
  }
  if (!res.ok || !res.body) throw await errorOf(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (line) onLine(JSON.parse(line) as Record<string, unknown>);
    }
    if (done) break;
  }
  if (buffer.trim()) onLine(JSON.parse(buffer) as Record<string, unknown>);
}
