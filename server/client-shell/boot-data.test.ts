import { describe, expect, it } from 'vitest';
import { bootDataScript, scriptSafeJson } from './boot-data';

describe('boot data written into the page', () => {
  const hostile = "</script><script>alert(1)</script><!-- & \u2028\u2029 $' $&";

  it("cannot end its <script> element or open a comment, whatever a white label's text holds", () => {
    const json = scriptSafeJson({ siteTitle: hostile });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ siteTitle: hostile });
  });

  it('is one JSON data block (not run by the browser, so script-src needs no exception)', () => {
    const html = bootDataScript({ domain: null, whiteLabel: { pk: 1, siteTitle: hostile }, menu: [], services: [] });
    expect(html.startsWith('<script id="boot-data" type="application/json">')).toBe(true);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.match(/<script/gi)).toHaveLength(1);
    const body = html.slice(html.indexOf('>') + 1, html.lastIndexOf('</script>'));
    expect(JSON.parse(body).whiteLabel.siteTitle).toBe(hostile);
  });
});
