import type { RequestContext } from '../../context';
import { rowToRecord } from '../../db/row-mapper';
import { visibleRows } from '../../operations/find';
import { phoneSearchKey } from '../../../engine/format/phone';

const LIMIT = 50;

export interface CtiMatch {
  pk: number;
  name: string;
  email: string;
  phones: string[];
}

/**
 * The records of a file-area entity (contact, organisation) the caller may see whose phone
 * fields hold the number. The search text keeps each stored number beside its digits-only key
 * (engine/search/phone-words.ts), so searching the key finds "04 76…", "04.76…" and "+33 4 76…"
 * alike, and visibleRows applies the caller's `view` rights as SQL, as the lists do. The search
 * text also holds the other searched fields, so the phone fields are checked again here: a key
 * found inside an address or an e-mail is not a caller.
 */
export async function fileAreaMatches(
  ctx: RequestContext,
  entityName: 'contact' | 'organization',
  key: string,
): Promise<CtiMatch[]> {
  const entity = ctx.app.registry.entities.get(entityName);
  // A white label without the file area has no contacts to show; the call still finds accounts.
  if (!entity || ctx.whiteLabel.modules[entity.schema['x-entity'].module] === false) return [];
  const phoneProps = Object.entries(entity.schema.properties)
    .filter(([, p]) => p.format === 'phone')
    .map(([name]) => name);
  const display = entity.schema['x-entity'].display;
  const rows = (await visibleRows(ctx, entity, { q: key })
    .selectAll()
    .orderBy('pk' as never)
    .limit(LIMIT)
    .execute()) as Record<string, unknown>[];
  return rows
    .map((row) => rowToRecord(entity, row))
    .map((r) => ({ r, phones: phoneProps.map((p) => String(r[p] ?? '')).filter((v) => v.trim() !== '') }))
    .filter(({ phones }) => phones.some((p) => phoneSearchKey(p).includes(key)))
    .map(({ r, phones }) => ({
      pk: Number(r.pk),
      name:
        entityName === 'contact'
          ? [r.firstName, r.lastName].filter(Boolean).join(' ') || String(r[display] ?? r.pk)
          : String(r[display] ?? r.pk),
      email: String(r.email ?? ''),
      phones,
    }));
}
