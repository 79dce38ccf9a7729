import { describe, expect, it } from 'vitest';
import { reachable, recipientsText, sendingText } from './newsletter-sending-text';

const line = (email: string, acceptsNewsletters = true) => ({ email, acceptsNewsletters });

describe('newsletter sending texts', () => {
  it('counts the recipients as the server does: consenting, with an address, each once', () => {
    const lines = [line('a@exemple.fr'), line(' A@exemple.fr '), line('b@exemple.fr', false), line(''), line('c@x.fr')];
    expect(reachable(lines)).toBe(2);
    expect(recipientsText(lines)).toBe(
      '2 destinataires acceptent les newsletters ; 3 autres seront écartés (sans accord, sans adresse ou en double).',
    );
    expect(recipientsText([line('a@exemple.fr')])).toBe('1 destinataire accepte les newsletters.');
    expect(recipientsText([line('a@exemple.fr', false)])).toContain('Aucun destinataire');
    expect(recipientsText([])).toBe('Cette liste est vide.');
  });

  it('says where a sending stands', () => {
    expect(sendingText({ status: 'sending', recipientCount: 3, sentCount: 1, failedCount: 0 })).toBe(
      'Envoi en cours : 1 sur 3 traités.',
    );
    expect(sendingText({ status: 'partial', recipientCount: 3, sentCount: 2, failedCount: 1 })).toBe(
      'Envoi terminé : 2 courriels envoyés sur 3, 1 échec.',
    );
    expect(sendingText({ status: 'done', recipientCount: 1, sentCount: 1, failedCount: 0 })).toBe(
      'Envoi terminé : 1 courriel envoyé sur 1.',
    );
    // Every mail refused (no sending account, a server that says no): never « terminé ».
    expect(sendingText({ status: 'failed', recipientCount: 2, sentCount: 0, failedCount: 2 })).toBe(
      'Envoi échoué : aucun courriel envoyé sur 2, 2 échecs. Vérifiez le compte d’envoi de la structure.',
    );
  });
});
