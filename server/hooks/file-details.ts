import { isFileRef } from '../../engine/files/file-ref';
import type { EntityHook } from './hook-types';

/**
 * `fileName` and `contentType` of a record kept from its file (the upload's, checked by the
 * server): lists search and sort documents by name without reading the file reference.
 */
export const fileDetails: EntityHook = {
  beforeValidate({ entity, record }) {
    const property = Object.entries(entity.schema.properties).find(([, p]) => p.format === 'file')?.[0];
    const file = property ? record[property] : undefined;
    if (!isFileRef(file)) return;
    if ('fileName' in entity.schema.properties) record.fileName = file.name.slice(0, 255);
    if ('contentType' in entity.schema.properties) record.contentType = file.contentType.slice(0, 100);
  },
};
