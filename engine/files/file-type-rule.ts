// What a stored file IS, read from its bytes, and how it may be sent (docs/files.md, « Types »).
// The server never trusts the name or the type a client declares: a file named `evil.png` sent as
// `image/png` that holds HTML is text, and text is neither a PNG nor ever sent as HTML. Pure
// functions: the server sniffs the first bytes (the `file-type` package) and asks these.

/** How many first bytes are read to tell a file's type, at upload and again at each sending. */
export const FILE_HEAD_BYTES = 64 * 1024;

/** Picture types a browser draws without running anything: the only ones ever sent inline. */
export const RASTER_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
]);

/** What the bytes say, as `file-type` answers (`undefined`: no known signature). */
export interface SniffedType {
  mime: string;
  ext: string;
}

/** Extensions people use for a type, besides `file-type`'s own (`jpg` for JPEG). */
const EXTENSIONS: Record<string, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg', '.jpe', '.jfif'],
  'image/tiff': ['.tif', '.tiff'],
  'text/plain': ['.txt', '.text', '.log', '.md'],
  'text/csv': ['.csv'],
  'application/msword': ['.doc', '.dot'],
  'application/vnd.ms-excel': ['.xls', '.xlt'],
  'application/vnd.ms-powerpoint': ['.ppt', '.pps', '.pot'],
  'application/vnd.ms-outlook': ['.msg'],
};

/**
 * Old office documents are all « Compound File Binary » containers: the bytes say CFB, the name says
 * which program wrote it. Only these names refine it; any other stays `application/x-cfb`.
 */
const CFB_BY_EXTENSION: Record<string, string> = {
  '.doc': 'application/msword',
  '.dot': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.xlt': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pps': 'application/vnd.ms-powerpoint',
  '.pot': 'application/vnd.ms-powerpoint',
  '.msg': 'application/vnd.ms-outlook',
};

/** Signatures that are markup or text for a browser: such a file is handled as plain text. */
const TEXT_LIKE = /^(text\/|application\/xml$)/;

export const OCTET_STREAM = 'application/octet-stream';

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Whether the first bytes are text (any 8-bit encoding: Excel's French CSV is Windows-1252): no
 * NUL and no control character but tab, line feed, form feed, carriage return and escape; UTF-16
 * with its byte-order mark counts. Empty is not text (an empty file is refused earlier).
 */
export function isTextHead(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)))
    return true;
  for (const b of head) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

/**
 * The type a file is stored and sent as, from its bytes (`sniffed`, `head`) and, only to refine a
 * container, its name. Text (no signature, text bytes; or markup such as XML) is `text/csv` for a
 * `.csv` name, `text/plain` otherwise — never HTML, SVG or script, whatever it holds; bytes that
 * are neither a known signature nor text are `application/octet-stream`.
 */
export function actualFileType(name: string, sniffed: SniffedType | undefined, head: Uint8Array): string {
  const ext = extensionOf(name);
  if (sniffed && !TEXT_LIKE.test(sniffed.mime)) {
    if (sniffed.mime === 'application/x-cfb') return CFB_BY_EXTENSION[ext] ?? sniffed.mime;
    // An animated PNG is a PNG (every PNG reader draws its first frame).
    if (sniffed.mime === 'image/apng') return 'image/png';
    return sniffed.mime;
  }
  if (sniffed || isTextHead(head)) return ext === '.csv' ? 'text/csv' : 'text/plain';
  return OCTET_STREAM;
}

function extensionsOf(type: string): string[] {
  const known = EXTENSIONS[type];
  if (known) return known;
  const sub = type.split('/')[1] ?? '';
  // `file-type` names most types after their usual extension (application/pdf → .pdf, image/png → .png).
  return /^[a-z0-9]+$/.test(sub) ? [`.${sub}`] : [];
}

/**
 * Whether a property's `x-file.accept` list (MIME types, `family/*`, extensions) admits a file
 * whose actual type is `type`. An extension in the list stands for the type it names (`.jpg` for
 * image/jpeg), never for a file that merely carries that name. No list: every type.
 */
export function typeAllowed(accept: readonly string[] | undefined, type: string): boolean {
  if (!accept?.length) return true;
  const extensions = extensionsOf(type);
  return accept.some((raw) => {
    const rule = raw.toLowerCase().trim();
    if (rule.startsWith('.')) return extensions.includes(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** What a sender may do with a file: inline only a raster picture; anything else is an attachment. */
export function mayShowInline(type: string): boolean {
  return RASTER_IMAGE_TYPES.has(type);
}
