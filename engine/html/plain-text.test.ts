import { describe, expect, it } from 'vitest';
import { plainTextOf } from './plain-text';

describe('plainTextOf', () => {
  it('keeps the text of a fragment on one line, entities decoded', () => {
    expect(plainTextOf('<p>Rappeler <strong>M. Durand</strong></p><p>après l&#39;AG &amp; le vote</p>')).toBe(
      "Rappeler M. Durand après l'AG & le vote",
    );
    expect(plainTextOf('ligne<br>suivante&nbsp;!')).toBe('ligne suivante !');
    expect(plainTextOf('&unknown; &#0;')).toBe('&unknown; &#0;');
  });
  it('shortens long texts with an ellipsis', () => {
    const long = `<p>${'mot '.repeat(50)}</p>`;
    const short = plainTextOf(long, 20);
    expect(short.length).toBeLessThanOrEqual(20);
    expect(short.endsWith('…')).toBe(true);
  });
});
