import { describe, expect, it } from 'vitest';
import type { Response } from 'express';
import { loadDeclarations } from '../schema/load-declarations';
import { buildRegistry } from '../../engine/schema/registry';
import { allowFraming, embeddingSitesReader } from './frame-ancestors';

const HELMET_CSP = "default-src 'self';frame-ancestors 'self';script-src 'self'";

function response(headers: Record<string, string>): Response & { headers: Map<string, string> } {
  const map = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    headers: map,
    getHeader: (name: string) => map.get(name.toLowerCase()),
    setHeader(name: string, value: string) {
      map.set(name.toLowerCase(), value);
      return this;
    },
    removeHeader: (name: string) => {
      map.delete(name.toLowerCase());
    },
  } as unknown as Response & { headers: Map<string, string> };
}

describe('sites allowed to frame a page', () => {
  const sites = embeddingSitesReader(buildRegistry(loadDeclarations()));

  it('keeps only the origins the white-label field accepts (https, or http on this machine)', () => {
    const record = {
      embeddingSites: [
        'https://www.partenaire.fr',
        'http://127.0.0.1:4000',
        'http://partenaire.fr',
        "https://x.fr 'unsafe-inline'",
        '*',
        'https://x.fr/chemin',
        3,
      ],
    };
    expect(sites(record)).toEqual(['https://www.partenaire.fr', 'http://127.0.0.1:4000']);
    expect(sites({})).toEqual([]);
    expect(sites(null)).toEqual([]);
  });

  it("adds them to helmet's frame-ancestors and drops X-Frame-Options", () => {
    const res = response({ 'Content-Security-Policy': HELMET_CSP, 'X-Frame-Options': 'SAMEORIGIN' });
    allowFraming(res, ['https://a.example.fr']);
    allowFraming(res, ['https://b.example.fr', 'https://a.example.fr']);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'self';frame-ancestors 'self' https://a.example.fr https://b.example.fr;script-src 'self'",
    );
    expect(res.headers.has('x-frame-options')).toBe(false);
  });

  it('leaves the same-site rule as it is when no site is listed', () => {
    const res = response({ 'Content-Security-Policy': HELMET_CSP, 'X-Frame-Options': 'SAMEORIGIN' });
    allowFraming(res, []);
    expect(res.headers.get('content-security-policy')).toBe(HELMET_CSP);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
