import { ApiError, buildUrl, messageForStatus } from '../../api/http';
import { store, tokensAtom } from '../../state/store';
import type { FileRef } from '../../../engine/files/file-ref';
import { fileNameOf, saveFile } from '../../screens/simulators/shared/download';

/** The API path of a record's file (GET) and of uploads for a property (POST), without /api/v1. */
export function filePaths(apiPath: string, property: string, pk?: number) {
  return {
    upload: `/${apiPath}/file/${property}/`,
    download: pk === undefined ? null : `/${apiPath}/${pk}/file/${property}/`,
    zip: (pks: number[]) => `/${apiPath}/file/${property}/zip/?pk=${pks.join(',')}`,
  };
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'x-client-version': __APP_VERSION__ };
  const tokens = store.get(tokensAtom);
  if (tokens) headers.Authorization = `JWT ${tokens.token}`;
  return headers;
}

/** The French message of a refused file call: the server's, with its field detail when there is one. */
function apiErrorOf(status: number, text: string): ApiError {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON: the status says it */
  }
  const errors = (Array.isArray(data.errors) ? data.errors : []) as ApiError['errors'];
  const message = typeof data.message === 'string' ? data.message : messageForStatus(status);
  const detail = errors[0]?.message;
  const shown = detail && status === 413 ? `${message} ${detail}` : (detail ?? message);
  return new ApiError(status, String(data.error ?? 'error'), shown, errors, data);
}

/**
 * Sends one file (multipart, part `file`) and answers the reference to put in the record's field.
 * XMLHttpRequest rather than fetch: it reports the upload's progress.
 */
export function uploadFile(path: string, file: File, onProgress: (percent: number) => void): Promise<FileRef> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          resolve(JSON.parse(xhr.responseText) as FileRef);
        } catch {
          reject(apiErrorOf(500, ''));
        }
      } else reject(apiErrorOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', messageForStatus(500)));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Downloads a file of the API (the session travels in a header, so no plain link can) and saves it. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path), { headers: authHeaders(), credentials: 'same-origin' });
  } catch (e) {
    throw new ApiError(0, 'network', messageForStatus(500), [], { cause: String(e) });
  }
  if (!res.ok) throw apiErrorOf(res.status, await res.text());
  saveFile(await res.blob(), fileNameOf(res.headers.get('content-disposition'), fallbackName));
}

/** A stored file's content, read with the caller's rights (to show an image without a public URL). */
export async function fetchFileBlob(path: string): Promise<Blob> {
  const res = await fetch(buildUrl(path), { headers: authHeaders(), credentials: 'same-origin' });
  if (!res.ok) throw apiErrorOf(res.status, await res.text());
  return res.blob();
}
