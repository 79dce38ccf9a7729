import { api } from '../../api/http';
import type { RecordData } from '../../runtime/types';

/**
 * Cancelling a slot leaves its appointments as they are (an advisor moves or cancels each one, so
 * that every visitor gets the right message): the confirmation says how many there are.
 */
export async function slotDeleteWarning(record: RecordData): Promise<string | null> {
  const { count } = await api<{ status: boolean; count: number }>(`/dialogwatt/slot-has-appointments/${record.pk}/`);
  return count > 0 ? `Ce créneau a ${count} rendez-vous : ils ne seront pas annulés automatiquement.` : null;
}
