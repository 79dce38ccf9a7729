import { ApiError, buildUrl, messageForStatus } from '../../../api/http';
import { forcedDomain, store, tokensAtom } from '../../../state/store';

/** The file name the server gives in content-disposition (spec 02 §7), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** POST a JSON body and receive a binary file (the PDF reports). Errors carry the French message. */
export async function postForFile(
  path: string,
  body: unknown,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/pdf, application/json',
    'x-client-version': __APP_VERSION__,
  };
  const tokens = store.get(tokensAtom);
  if (tokens) headers.Authorization = `JWT ${tokens.token}`;
  let res: Response;
  try {
    res = await fetch(buildUrl(path), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (e) {
    throw new ApiError(0, 'network', messageForStatus(500), [], { cause: String(e) });
  }
  if (!res.ok) {
    let data: Record<string, unknown> = {};
    try {
      data = (await res.json()) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
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

/** Hands a file to the browser's download (a temporary link to the blob). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The domain whose white label heads a report (the forced ?domain= of a preview, else this site's). */
export function reportDomain(): string {
  return forcedDomain() ?? window.location.hostname;
}
