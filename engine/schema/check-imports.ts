import type { Declarations, EntitySchema } from './types';
import { normaliseHeader } from '../import/normalise-header';

/** What a file column may fill: a stored, writable, non-private property. */
function importable(schema: EntitySchema, property: string): string | null {
  const prop = schema.properties[property];
  if (!prop) return 'is not a property';
  if (prop.readOnly) return 'is read-only';
  if (prop['x-storage']?.private || prop['x-storage']?.virtual) return 'is not a stored public column';
  return null;
}

/**
 * Cross-checks of `x-entity.list.export` and of the import mappings (schemas/imports/): the names
 * they use exist, an exported or imported field is never private, two columns never share a
 * header, and an imported entity can be created through the API.
 */
export function checkImportsAndExports(decls: Declarations): string[] {
  const problems: string[] = [];
  const byName = new Map(decls.entities.map((e) => [e['x-entity'].name, e]));
  for (const schema of decls.entities) {
    const x = schema['x-entity'];
    const exp = x.list?.export;
    if (!exp) continue;
    const where = `entity ${x.name}: list.export`;
    if (!x.api?.actions?.includes('list') && x.api?.actions !== undefined)
      problems.push(`${where}: the entity has no list endpoint`);
    for (const c of exp.columns ?? []) {
      const prop = schema.properties[c];
      if (!prop && c !== 'pk' && c !== 'createdAt' && c !== 'updatedAt')
        problems.push(`${where}: column ${c} is not a property`);
      else if (prop?.['x-storage']?.private) problems.push(`${where}: column ${c} is private`);
    }
  }
  const seen = new Set<string>();
  for (const mapping of decls.imports ?? []) {
    const where = `import ${mapping.entity}`;
    if (seen.has(mapping.entity)) problems.push(`${where}: declared twice`);
    seen.add(mapping.entity);
    const schema = byName.get(mapping.entity);
    if (!schema) {
      problems.push(`${where}: unknown entity ${mapping.entity}`);
      continue;
    }
    const actions = schema['x-entity'].api?.actions;
    if (!schema['x-entity'].api || (actions && !actions.includes('create')))
      problems.push(`${where}: the entity cannot be created through the API`);
    const headers = new Map<string, string>();
    const properties = new Set<string>();
    for (const c of mapping.columns) {
      const problem = importable(schema, c.property);
      if (problem) problems.push(`${where}: column « ${c.header} »: ${c.property} ${problem}`);
      if (properties.has(c.property)) problems.push(`${where}: property ${c.property} filled by two columns`);
      if (c.matchBy !== undefined) {
        const rel = schema.properties[c.property]?.['x-relation'];
        const target = rel && byName.get(rel.entity);
        if (!rel) problems.push(`${where}: column « ${c.header} »: matchBy needs a relation`);
        else if (target && (!target.properties[c.matchBy] || target.properties[c.matchBy]['x-storage']?.private))
          problems.push(`${where}: column « ${c.header} »: ${rel.entity} has no public property ${c.matchBy}`);
      }
      properties.add(c.property);
      for (const h of [c.header, ...(c.aliases ?? [])]) {
        const key = normaliseHeader(h);
        const other = headers.get(key);
        if (other !== undefined) problems.push(`${where}: header « ${h} » already names « ${other} »`);
        headers.set(key, c.header);
      }
    }
    for (const k of mapping.duplicateKey) {
      if (!schema.properties[k]) problems.push(`${where}: duplicate key ${k} is not a property`);
      else if (!properties.has(k) && mapping.defaults?.[k] === undefined)
        problems.push(`${where}: duplicate key ${k} is filled by no column`);
    }
    for (const d of Object.keys(mapping.defaults ?? {})) {
      const problem = importable(schema, d);
      if (problem) problems.push(`${where}: default ${d} ${problem}`);
    }
  }
  return problems;
}
