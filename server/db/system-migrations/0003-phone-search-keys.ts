import type { Kysely } from 'kysely';
import { phoneSearchKey } from '../../../engine/format/phone';

// Users' phone_cache was written by a hand-made helper that doubled the 0 of "+33 (0)4…" and
// dropped the + of overseas numbers; recomputed once with the library's reading, so that the
// telephony lookup finds the people saved before the change.
export async function up(db: Kysely<unknown>): Promise<void> {
  type Users = { account_user: { pk: number; phone: string | null; phone_cache: string | null } };
  const users = db as unknown as Kysely<Users>;
  const rows = await users.selectFrom('account_user').select(['pk', 'phone', 'phone_cache']).execute();
  for (const row of rows) {
    const key = phoneSearchKey(row.phone ?? '');
    if (key === (row.phone_cache ?? '')) continue;
    await users.updateTable('account_user').set({ phone_cache: key }).where('pk', '=', row.pk).execute();
  }
}
