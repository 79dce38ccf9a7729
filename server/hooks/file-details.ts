import { isFileRef } from '../../engine/files/file-ref';
import type { EntityHook } from './hook-types';

/**
 * `fileName` and `contentType` of a record kept from its file (the upload's, checked by the
 * server): lists search and sort documents by name without reading the file reference. A record
 * whose name (its display property) is left empty is named by its file — « devis-isolation »
 * for devis-isolation.pdf — or by its link, so nobody types a description to attach a file.
 */
export const fileDetails: EntityHook = {
  beforeValidate({ entity, record }) {
    const property = Object.entries(entity.schema.properties).find(([, p]) => p.format === 'file')?.[0];
    const file = property ? record[property] : undefined;
    const display = entity.schema['x-entity'].display;
    const unnamed = entity.schema.properties[display]?.type === 'string' && isBlank(record[display]);
    if (unnamed && typeof record.url === 'string' && record.url.trim()) record[display] = record.url.trim();
    if (!isFileRef(file)) return;
    if ('fileName' in entity.schema.properties) record.fileName = file.name.slice(0, 255);
    if ('contentType' in entity.schema.properties) record.contentType = file.contentType.slice(0, 100);
    if (unnamed) record[display] = file.name.replace(/\.[A-Za-z0-9]{1,8}$/, '').slice(0, 255) || file.name;
  },
};

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
