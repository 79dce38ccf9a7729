// A `format: file` property holds a reference to a file kept by the server's file storage
// (server/storage/), never the file itself: the record stays small, and the content is read
// only through the download endpoint, which checks the record's `view` right.

import type { PropertySchema } from '../schema/types';
import { extensionOf } from './file-type-rule';

/** What a `format: file` property stores (as JSON): the storage key and what the user sent. */
export interface FileRef {
  /** The storage key: a random UUID, chosen by the server, never by the client. */
  key: string;
  /** The original file name, shown and used for the download. */
  name: string;
  /** Size in bytes. */
  size: number;
  /**
   * MIME type read from the bytes at upload (engine/files/file-type-rule.ts), never the one the
   * client declared; the sender reads the bytes again rather than trusting it (older uploads).
   */
  contentType: string;
}

/** Optional limits of a file property (`x-file`). */
export interface FileSpec {
  /** Largest accepted size in bytes; the server's FILE_MAX_BYTES when absent. */
  maxBytes?: number;
  /** Accepted MIME types (`application/pdf`, `image/*`) or extensions (`.pdf`); anything when absent. */
  accept?: string[];
}

export const FILE_KEY_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
export const FILE_NAME_MAX = 255;

export function isFileProperty(prop: Pick<PropertySchema, 'format'> | undefined): boolean {
  return prop?.format === 'file';
}

export function fileSpecOf(prop: PropertySchema | undefined): FileSpec {
  return (prop?.['x-file'] as FileSpec | undefined) ?? {};
}

/** The names of an entity's file properties. */
export function fileProperties(properties: Record<string, PropertySchema>): string[] {
  return Object.entries(properties)
    .filter(([, p]) => isFileProperty(p))
    .map(([n]) => n);
}

/**
 * The JSON Schema a stored reference is checked against (record validation, generated types):
 * exactly the four fields, a UUID key. Nullable when the declaration is.
 */
export function fileRefSchema(type: PropertySchema['type']): Record<string, unknown> {
  return {
    type: type ?? 'object',
    properties: {
      key: { type: 'string', pattern: FILE_KEY_PATTERN },
      name: { type: 'string', minLength: 1, maxLength: FILE_NAME_MAX },
      size: { type: 'integer', minimum: 0 },
      contentType: { type: 'string', minLength: 1, maxLength: 255 },
    },
    required: ['key', 'name', 'size', 'contentType'],
    additionalProperties: false,
  };
}

/** Whether a value has the shape of a file reference (a record read back, an upload's answer). */
export function isFileRef(value: unknown): value is FileRef {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    new RegExp(FILE_KEY_PATTERN).test(v.key) &&
    typeof v.name === 'string' &&
    typeof v.size === 'number' &&
    typeof v.contentType === 'string'
  );
}

/**
 * Whether a file's name or MIME type is one the `accept` list names (the rule of `<input accept>`):
 * the browser's first check, before sending. The server decides from the bytes
 * (engine/files/file-type-rule.ts, `typeAllowed`).
 */
export function acceptedType(accept: string[] | undefined, file: { name: string; contentType: string }): boolean {
  if (!accept?.length) return true;
  const type = file.contentType.toLowerCase().split(';')[0]!.trim();
  const ext = extensionOf(file.name);
  return accept.some((a) => {
    const rule = a.toLowerCase().trim();
    if (rule.startsWith('.')) return ext === rule;
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** The accepted formats as people read them: the extensions when the list names some (« .pdf, .png »). */
export function acceptLabel(accept: string[]): string {
  const extensions = accept.filter((a) => a.startsWith('.'));
  return (extensions.length ? extensions : accept).join(', ');
}

export type FileProblem =
  { code: 'file_type'; params: { accepted: string } } | { code: 'file_too_large'; params: { max: string } };

/** « 2 Mo », « 512 ko »: sizes as the messages show them. */
export function formatBytes(bytes: number): string {
  const fr = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${fr(bytes / (1024 * 1024))} Mo`;
  if (bytes >= 1024) return `${fr(bytes / 1024)} ko`;
  return `${bytes} octet${bytes > 1 ? 's' : ''}`;
}

/** The largest size a property accepts: its own `maxBytes`, never above the server's limit. */
export function maxBytesOf(spec: FileSpec, serverMax: number): number {
  return spec.maxBytes ? Math.min(spec.maxBytes, serverMax) : serverMax;
}

/**
 * What is wrong with a chosen file before it is sent (the browser) or while it arrives (the
 * server, which also stops reading past the limit): a refused type, then a size over the limit.
 * Message keys `validation.file_type` and `validation.file_too_large`.
 */
export function fileProblem(
  spec: FileSpec,
  file: { name: string; contentType: string; size?: number },
  serverMax: number,
): FileProblem | null {
  if (!acceptedType(spec.accept, file)) return { code: 'file_type', params: { accepted: acceptLabel(spec.accept!) } };
  const max = maxBytesOf(spec, serverMax);
  if (file.size !== undefined && file.size > max) return { code: 'file_too_large', params: { max: formatBytes(max) } };
  return null;
}

/**
 * A file name safe to show and to send in Content-Disposition: the last path segment, no
 * control characters, at most 255 characters (the extension kept), never empty.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name === '' || name === '.' || name === '..') name = 'fichier';
  if (name.length > FILE_NAME_MAX) {
    const ext = extensionOf(name).slice(0, 20);
    name = name.slice(0, FILE_NAME_MAX - ext.length) + ext;
  }
  return name;
}
