import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import type { WindowLike } from 'dompurify';
import { cleanHtml } from '../../../server/security/sanitize-html';
import { previewCleaner } from './html-preview';

// The HTML field's preview (DOMPurify in the browser) must show what the server stores
// (sanitize-html), from one allow-list. Both outputs are read by the same HTML parser, as a
// browser shows them, and compared as trees.

const { window } = new JSDOM('<!doctype html><html><body></body></html>');
const preview = previewCleaner(window as unknown as WindowLike);
const asBrowserReadsIt = (html: string) => {
  const box = window.document.createElement('div');
  box.innerHTML = html;
  return box.innerHTML;
};

const HOSTILE = [
  '<p onclick="alert(1)">Bonjour <script>alert(1)</script><b>gras</b></p>',
  '<a href="javascript:alert(1)">lien</a> <a href="JaVaScRiPt:alert(1)">majuscules</a>',
  '<a href=" java\tscript:alert(1)" target="_blank" rel="opener">espaces</a>',
  '<a href="jav&#x61;script:alert(1)">entité</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<img src="x" onerror="alert(1)" alt="image"><img src="javascript:alert(1)">',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="" srcset="a.png 2x" loading="lazy">',
  '<iframe src="https://pirate.example"><b>dedans</b></iframe>après',
  '<svg><script>alert(1)</script><text>dessin</text></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<style>body{display:none}</style>' +
    '<div style="color:red" class="note" data-x="1" aria-hidden="true" role="note">x</div>',
  '<form action="https://pirate.example"><input name="password">' +
    '<button formaction="javascript:alert(1)">Envoyer</button></form>',
  '<h2 id="title" title="Titre" lang="fr">Titre</h2><a href="//ailleurs.example/x">relatif au protocole</a>',
  '<a href="mailto:contact@demo.fr">écrire</a> <a href="tel:+33476000000">appeler</a>' +
    ' <a href="ftp://x.example">ftp</a>',
  '<table><tr><td>cellule</td></tr></table><ul><li>un<li>deux</ul>',
  '<p>Caf&eacute; &amp; cr&egrave;me &lt;b&gt; &nbsp;fin</p><!-- commentaire -->' +
    '<p title="&quot;&gt;&lt;script&gt;">ok</p>',
  '<textarea><b>x</b></textarea><select><option>choix</option></select><noscript><b>sans</b></noscript>',
  '<object data="x.swf"><embed src="x.swf"></object><template><b>modèle</b></template>' +
    '<base href="https://pirate.example/">',
  '<div><p>non fermé <b>gras</div> suite',
  '<b><p>a</b>b</p><p>un<p>deux<a href="https://x.example"><a href="https://y.example">imbriqué</a></a>',
  '<table><b>x</b><tr><td>y</td></tr></table><ul><li>a<ul><li>b</ul></ul>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
];

describe('HTML preview = stored HTML', () => {
  it.each(HOSTILE)('%s', (snippet) => {
    const stored = cleanHtml(snippet);
    const shown = preview(snippet);
    expect(asBrowserReadsIt(shown)).toBe(asBrowserReadsIt(stored));
    expect(shown).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<form|<style|<svg|<object|<base/i);
  });

  // Parser-differential tricks: DOMPurify reads a whole document (a leading <noscript> goes to the
  // head), the server a fragment; the two may then differ, but both must be harmless.
  const TRICKS = [
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<title><img src=x onerror=alert(1)></title>',
  ];
  it.each(TRICKS)('harmless either way: %s', (snippet) => {
    for (const out of [cleanHtml(snippet), preview(snippet)]) {
      expect(asBrowserReadsIt(out)).not.toMatch(/<script|onerror|onclick|javascript:|<noscript|<title/i);
    }
  });

  it('keeps the allowed markup whole', () => {
    const html =
      '<p class="intro">Bonjour <a href="https://demo.fr" target="_blank">site</a>' +
      ' <img src="/media/logo.png" alt="Logo" width="40"></p>';
    expect(asBrowserReadsIt(preview(html))).toBe(asBrowserReadsIt(html));
    expect(asBrowserReadsIt(cleanHtml(html))).toBe(asBrowserReadsIt(html));
  });

  it('was wrong before: the old preview filter let an unquoted handler and a javascript: link through', () => {
    const snippet = '<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>';
    const old = snippet.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/\son\w+="[^"]*"/gi, '');
    expect(old).toContain('onerror=alert(1)');
    expect(asBrowserReadsIt(preview(snippet))).toBe('<img src="x"><a>x</a>');
  });
});
