import { ApiError, buildUrl, messageForStatus, type RequestOptions } from '../../api/http';
import { store, tokensAtom } from '../../state/store';
import { fileNameOf } from '../simulators/shared/download';

/** GET a binary file (the statistics spreadsheet). Errors carry the server's French message. */
export async function getFile(
  path: string,
  query: RequestOptions['query'],
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const headers: Record<string, string> = { 'x-client-version': __APP_VERSION__ };
  const tokens = store.get(tokensAtom);
  if (tokens) headers.Authorization = `JWT ${tokens.token}`;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers, credentials: 'same-origin' });
  } catch (e) {
    throw new ApiError(0, 'network', messageForStatus(500), [], { cause: String(e) });
  }
  if (!res.ok) {
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError(
      res.status,
      String(data.error ?? 'error'),
      typeof data.message === 'string' ? data.message : messageForStatus(res.status),
      (data.errors as never) ?? [],
      data,
    );
  }
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition'), fallbackName) };
}
