import { describe, expect, it } from 'vitest';
import { t } from './messages';

describe('catalogue texts with a count', () => {
  it('agree with the count the French way: 0 and 1 singular', () => {
    expect(t('ui.count_items', { count: 0 })).toBe('0 élément');
    expect(t('ui.count_items', { count: 1 })).toBe('1 élément');
    expect(t('ui.count_items', { count: 1234 })).toBe('1234 éléments');
    expect(t('ui.messages_unread', { count: 1 })).toBe('1 message non lu');
    expect(t('ui.cti_results', { count: 0, phone: '0476000000' })).toBe('0 correspondance pour le 0476000000');
    expect(t('address.results', { count: 12 })).toContain('12 suggestions');
  });
});
