import { describe, expect, it } from 'vitest';
import { DEFAULT_CHARTER, isPublished, renderBlock, renderNewsletterBody, safeCharter } from './render-newsletter';

const resolver = {
  clean: (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, ''),
  imageUrl: (pk: number) => (pk === 1 ? '/api/v1/infolettres/public/image/abc/' : null),
  event: (pk: number) =>
    pk === 7 ? { title: 'Atelier <combles>', when: 'mardi 3 février 2031', where: 'Échirolles', url: '/e/7' } : null,
};

describe('newsletter blocks', () => {
  it('escapes titles, cleans rich text and keeps links only to web and mail addresses', () => {
    expect(renderBlock({ type: 'title', text: 'A <b>' }, resolver)).toBe('<h2 class="nl-title">A &lt;b&gt;</h2>');
    expect(renderBlock({ type: 'text', html: '<p>x</p><script>alert(1)</script>' }, resolver)).toBe(
      '<div class="nl-text"><p>x</p></div>',
    );
    expect(renderBlock({ type: 'button', label: 'Go', url: 'javascript:alert(1)' }, resolver)).toBe('');
    expect(renderBlock({ type: 'button', label: 'Go', url: 'https://exemple.fr' }, resolver)).toContain(
      'href="https://exemple.fr"',
    );
  });

  it('draws a picture with its text and link, an event card, and nothing for what is missing', () => {
    const img = renderBlock({ type: 'image', image: 1, alt: 'Une façade', link: 'https://a.fr' }, resolver);
    expect(img).toBe(
      '<a href="https://a.fr"><img class="nl-image" src="/api/v1/infolettres/public/image/abc/" alt="Une façade"></a>',
    );
    expect(renderBlock({ type: 'image', image: 2, alt: '' }, resolver)).toBe('');
    const event = renderBlock({ type: 'event', event: 7 }, resolver);
    expect(event).toContain('Atelier &lt;combles&gt;');
    expect(event).toContain('href="/e/7"');
    expect(renderBlock({ type: 'event', event: 8 }, resolver)).toBe('');
    expect(renderBlock({ type: 'columns', left: '<p>g</p>', right: '<p>d</p>' }, resolver)).toContain(
      '<td class="nl-column"><p>g</p></td><td class="nl-column"><p>d</p></td>',
    );
  });

  it('puts the issue title first and keeps only plain colours in the charter', () => {
    const html = renderNewsletterBody(
      { title: 'Lettre n°1', blocks: [{ type: 'separator' }], charter: DEFAULT_CHARTER },
      resolver,
    );
    expect(html).toMatch(/^<div class="nl"><div class="nl-inner"><h1 class="nl-heading">Lettre n°1<\/h1>/);
    expect(safeCharter({ primaryColor: 'red;}body{display:none', textColor: '#123456' })).toEqual({
      ...DEFAULT_CHARTER,
      textColor: '#123456',
    });
  });
});

describe('isPublished', () => {
  const on = { isActive: true, isPublic: true };
  const now = new Date('2031-02-03T12:00:00Z');
  const issue = (start: string | null, end: string | null) => ({
    ...on,
    publicationStartDate: start,
    publicationEndDate: end,
  });
  it('reads the end date as « published until then », not the reference’s inverted test', () => {
    expect(isPublished(on, issue('2031-01-01T00:00:00Z', null), now)).toBe(true);
    expect(isPublished(on, issue('2031-01-01T00:00:00Z', '2031-03-01T00:00:00Z'), now)).toBe(true);
    expect(isPublished(on, issue('2031-01-01T00:00:00Z', '2031-02-01T00:00:00Z'), now)).toBe(false);
    expect(isPublished(on, issue('2031-02-04T00:00:00Z', null), now)).toBe(false);
    expect(isPublished({ ...on, isPublic: false }, issue(null, null), now)).toBe(false);
    expect(isPublished(on, { ...issue(null, null), isActive: false }, now)).toBe(false);
  });
});
