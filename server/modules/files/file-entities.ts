import type { EntityRuntime } from '../../../engine/schema/registry';
import { fileSpecOf, isFileProperty } from '../../../engine/files/file-ref';
import { getEntity } from '../../../engine/schema/registry';
import type { AppContext, RequestContext } from '../../context';
import { notFound, message } from '../../context';
import { HttpError } from '../../http/http-error';
import { entityOf } from '../../operations/entity-access';

/** The entity whose API path is `path` (without /api/v1/ and slashes), or a 404. */
export function entityAtPath(ctx: RequestContext, path: string): EntityRuntime {
  for (const entity of ctx.app.registry.entities.values())
    if (entity.schema['x-entity'].api?.path === path) return entityOf(ctx, entity.name);
  throw notFound(ctx);
}

/** The property, if it is a file property of the entity (404 otherwise: nothing to upload or read there). */
export function fileProperty(ctx: RequestContext, entity: EntityRuntime, property: string) {
  const prop = Object.prototype.hasOwnProperty.call(entity.schema.properties, property)
    ? entity.schema.properties[property]
    : undefined;
  if (!prop || !isFileProperty(prop))
    throw new HttpError(404, 'not_a_file_property', message(ctx.app, 'errors.file_property'));
  return prop;
}

/**
 * The `x-file.accept` list of an entity's file property, for the routes that send its files by a
 * path of their own (public pictures): the same list the upload checked (undefined: any type).
 */
export function declaredAccept(app: AppContext, entityName: string, property: string): string[] | undefined {
  const prop = getEntity(app.registry, entityName).schema.properties[property];
  if (!isFileProperty(prop)) throw new Error(`${entityName}.${property} is not a file property`);
  return fileSpecOf(prop).accept;
}
