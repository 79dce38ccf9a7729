import type { MenuItem } from '../modules/meta/menu';
import type { PublicService } from '../modules/meta/services';

/**
 * What the browser would otherwise ask before its first paint, written into the page: the white
 * label of the domain (what GET /api/v1/white_labelling/current/ answers, null where that answers
 * 404), the menu of an anonymous visitor and the public services the landing page lists.
 * `domain` is the `?domain=` the page was asked with (null: the Host decided), so that the client
 * uses this only for the domain it is showing.
 * The client reads it in client/shell/boot-data.ts.
 */
export interface BootData {
  domain: string | null;
  whiteLabel: Record<string, unknown> | null;
  menu: MenuItem[];
  services: PublicService[];
}

export const BOOT_DATA_ID = 'boot-data';

/**
 * JSON that stays data inside a <script> element whatever the white label's texts hold: `<`, `>`
 * and `&` are written as \u escapes (so `</script>` or `<!--` cannot end or change the element),
 * and so are U+2028 and U+2029. JSON.parse reads the same value back.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A data block: the browser does not run it, so `script-src 'self'` needs no exception. */
export function bootDataScript(data: BootData): string {
  return `<script id="${BOOT_DATA_ID}" type="application/json">${scriptSafeJson(data)}</script>`;
}
