import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../context';
import { asyncHandler } from '../http/async-handler';
import { requestDomain } from '../http/middleware';
import { resolveWhiteLabel } from '../modules/white-labels/resolve-white-label';
import { sanitizeWhiteLabelHtml } from '../security/sanitize-html';
import { effectiveMenu } from '../modules/meta/menu';
import { anonymous } from '../modules/auth/load-user';
import { bootDataScript, type BootData } from './boot-data';
import { publicServices } from '../modules/meta/services';
import { allowFraming, embeddingSitesReader } from './frame-ancestors';
import { matchRoute, shownRoute } from './route-match';
import { prepaintShell, themeStyle } from './prepaint';

interface Build {
  at: number;
  html: string;
  /** The same with the style sheet written in, for the pages the server paints. */
  inlined: string;
}

/** The entry's style sheet link that Vite writes into index.html. */
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;

/**
 * index.html with the entry's style sheet written in (16 KB, 3.5 KB compressed): the shell the
 * server paints needs only the page itself, not a second round trip that shares the phone's
 * bandwidth with the scripts (docs/performance.md). Left as a link if it could end the element.
 */
function inlineStyles(html: string, dist: string): string {
  const found = STYLESHEET.exec(html);
  if (!found) return html;
  let css: string;
  try {
    css = readFileSync(join(dist, found[1]), 'utf8');
  } catch {
    return html;
  }
  if (css.includes('</')) return html;
  return html.replace(found[0], () => `<style>${css.trim()}</style>`);
}

/** index.html, read again when a new build has replaced it (its time changes at every build). */
function buildReader(dist: string): () => Build {
  let build: Build | null = null;
  return () => {
    const at = statSync(join(dist, 'index.html')).mtimeMs;
    if (!build || build.at !== at) {
      const html = readFileSync(join(dist, 'index.html'), 'utf8');
      build = { at, html, inlined: inlineStyles(html, dist) };
    }
    return build;
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The placeholder of client/index.html that React replaces at its first render. */
const PLACEHOLDER = /<div id="root">[\s\S]*?<\/div>/;

/**
 * What the white label changes in the look of the first paint: its colours on `<html>` and its own
 * style sheet (client/shell/theme.ts applies the same; it reuses the element by its id). A style
 * sheet holding `<` is left to the client: inside <style> it could end the element.
 */
function themed(html: string, record: Record<string, unknown> | null): string {
  const style = themeStyle(record);
  let out = style
    ? html.replace(/<html([^>]*)>/, (_m, attrs: string) => `<html${attrs} style="${escapeHtml(style)}">`)
    : html;
  const own = typeof record?.style === 'string' ? record.style : '';
  if (own && !own.includes('<'))
    out = out.replace('</head>', () => `  <style id="white-label-style">${own}</style>\n  </head>`);
  return out;
}

/** The tab title the client will set (page, site; reversed on request), so that it is right from the start. */
function tabTitle(pageTitle: string | undefined, record: Record<string, unknown> | null): string | null {
  const parts = [pageTitle, typeof record?.siteTitle === 'string' ? record.siteTitle : undefined].filter(
    (p): p is string => Boolean(p && p.trim()),
  );
  if (!parts.length) return null;
  return (record?.reverseTabTitle ? parts.reverse() : parts).join(' - ');
}

/**
 * The application shell for every history-mode path: index.html with, written in, what the first
 * paint would otherwise wait for — the domain's white label and the anonymous menu, as a JSON data
 * block — and the tab title. (Naming the route's screen files for download alongside the entry was
 * tried: they share the phone's bandwidth with the entry and made the first paint later, see
 * docs/performance.md.) Embeddable routes (`embeddable` in schemas/routes) may be framed by the
 * sites the white label lists (embeddingSites). Never cached (`no-cache`): a new build is seen at
 * the next visit. Compressed when the browser accepts it.
 *
 * A public page whose first screen the server knows (prepaint.ts) also gets that screen's shell
 * in `#root`, the white label's colours and the entry's style sheet written in: its largest text
 * is painted from the page alone, before the scripts (issue 16, item 15).
 */
export function clientShell(app: AppContext, dist: string): RequestHandler[] {
  const read = buildReader(dist);
  const embeddingSites = embeddingSitesReader(app.registry);
  const serve = async (req: Request, res: Response) => {
    const build = read();
    const domain = requestDomain(req, false); // the page itself carries no session: an anonymous read
    const asked = typeof req.query.domain === 'string' && req.query.domain !== '' ? domain : null;
    const { info, matched } = await resolveWhiteLabel(app, domain);
    const record = matched && info.record ? info.record : null;
    const data: BootData = {
      domain: asked,
      whiteLabel: record ? sanitizeWhiteLabelHtml(record) : null,
      menu: await effectiveMenu({ app, user: anonymous(app), whiteLabel: info, ip: req.ip }),
      services: publicServices({ app, user: anonymous(app), whiteLabel: info, ip: req.ip }),
    };
    const route = matchRoute(app.registry.routes, req.path);
    if (route?.embeddable) allowFraming(res, embeddingSites(record));
    const title = tabTitle(shownRoute(app.registry.routes, route)?.title, record);
    const shell = prepaintShell({
      path: req.path,
      routes: app.registry.routes,
      whiteLabel: data.whiteLabel,
      modules: info.modules,
      menu: data.menu,
      services: data.services,
      catalogue: app.catalogue,
    });
    // Replacer functions: a `$` in the inserted text is text, not a replacement pattern.
    let html = (shell ? build.inlined : build.html).replace('</head>', () => `  ${bootDataScript(data)}\n  </head>`);
    if (title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
    if (shell) {
      html = html.replace(PLACEHOLDER, () => `<div id="root">${shell}</div>`);
      html = themed(html, data.whiteLabel);
    }
    res.type('html').set('cache-control', 'no-cache').send(html);
  };
  return [compression(), asyncHandler(serve)];
}
