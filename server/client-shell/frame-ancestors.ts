import type { Response } from 'express';
import type { Registry } from '../../engine/schema/registry';
import { getEntity } from '../../engine/schema/registry';

/**
 * The sites a white label lets frame its embeddable pages (white-label field embeddingSites).
 * They were checked when saved; they are checked again, against the same declared rule, because
 * they go into a header: a value from an older database or an imported file never adds anything
 * else to the policy.
 */
export function embeddingSitesReader(registry: Registry): (record: Record<string, unknown> | null) => string[] {
  const field = getEntity(registry, 'white-label').schema.properties.embeddingSites;
  const items = field?.items as { pattern?: string } | undefined;
  const origin = items?.pattern ? new RegExp(items.pattern, 'u') : null;
  return (record) => {
    const list = record?.embeddingSites;
    if (!origin || !Array.isArray(list)) return [];
    return list.filter((o): o is string => typeof o === 'string' && origin.test(o));
  };
}

/**
 * Lets the given sites show this response in a frame, besides those already allowed:
 * `frame-ancestors 'self' <origins>` in the Content-Security-Policy (helmet writes `'self'`) and
 * no X-Frame-Options (which cannot name another site, and which browsers ignore anyway when
 * frame-ancestors is present). Without origins the response keeps helmet's same-site rule.
 */
export function allowFraming(res: Response, origins: readonly string[]): void {
  if (!origins.length) return;
  const csp = String(res.getHeader('Content-Security-Policy') ?? '');
  const current = /frame-ancestors ([^;]*)/.exec(csp)?.[1].trim().split(/\s+/) ?? ["'self'"];
  const sources = [...new Set([...current.filter((s) => s !== "'none'"), ...origins])];
  if (!sources.includes("'self'")) sources.unshift("'self'");
  const ancestors = `frame-ancestors ${sources.join(' ')}`;
  res.removeHeader('X-Frame-Options');
  res.setHeader(
    'Content-Security-Policy',
    /frame-ancestors [^;]*/.test(csp)
      ? csp.replace(/frame-ancestors [^;]*/, ancestors)
      : `${csp}${csp ? ';' : ''}${ancestors}`,
  );
}
