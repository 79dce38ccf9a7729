import { message } from '../../context';
import type { EntityHook } from '../hook-types';
import { isRecordKey } from '../../db/record-key';
import { linkedRecord } from './linked-records';

/** A contact uses the address of one organisation at most (reference 2.4): the others are named. */
export const oneOrganizationAddress: EntityHook = {
  async validate({ ctx, record, db }) {
    if (record.useAddressFromOrganization !== true || !isRecordKey(record.contact)) return [];
    let qb = db
      .selectFrom('fac_member_of_organization' as never)
      .select('organization' as never)
      .where('contact' as never, '=', record.contact as never)
      .where('use_address_from_organization' as never, '=', 1 as never);
    if (isRecordKey(record.pk)) qb = qb.where('pk' as never, '<>', record.pk as never);
    const others = (await qb.execute()) as { organization: number }[];
    if (!others.length) return [];
    const names = await Promise.all(
      others.map(
        async (o) => ((await linkedRecord(ctx.app, db, 'organization', o.organization))?.name as string) ?? '',
      ),
    );
    const params = { organizations: names.filter(Boolean).join(', ') };
    const key = 'entity.membership.check.one_address';
    return [{ path: 'useAddressFromOrganization', code: key, params, message: message(ctx.app, key, params) }];
  },
};
