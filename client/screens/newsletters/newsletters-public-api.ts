import { api } from '../../api/http';
import { NEWSLETTERS_PUBLIC_API } from './newsletter-urls';

export interface PublicGroupPage {
  group: { name: string };
  groups: {
    pk: number;
    slug: string;
    title: string;
    description: string;
    newsletters: { pk: number; slug: string; title: string; description: string; publicationStartDate: string }[];
  }[];
}

export interface PublicIssue {
  title: string;
  groupName: string;
  newsletterTitle: string;
  publicationStartDate: string;
  /** The issue's stylesheet, scoped to `.nl`. */
  css: string;
  /** The issue's body, drawn by the engine's renderer from its blocks (rich text cleaned by the server). */
  html: string;
}

export interface Unsubscription {
  email: string;
  newsletter?: string;
  unsubscribed: boolean;
}

const enc = encodeURIComponent;

/** The public newsletter API (no sign-in; server/modules/newsletters/newsletter-routes.ts). */
export const newslettersPublicApi = {
  group: (groupSlug: string) => api<PublicGroupPage>(`${NEWSLETTERS_PUBLIC_API}/${enc(groupSlug)}/`),
  issue: (groupSlug: string, gonSlug: string, slug: string, pk: string) =>
    api<PublicIssue>(`${NEWSLETTERS_PUBLIC_API}/${enc(groupSlug)}/${enc(gonSlug)}/${enc(slug)}/${enc(pk)}/`),
  unsubscription: (token: string) => api<Unsubscription>(`${NEWSLETTERS_PUBLIC_API}/unsubscribe/${enc(token)}/`),
  unsubscribe: (token: string) =>
    api<Unsubscription>(`${NEWSLETTERS_PUBLIC_API}/unsubscribe/${enc(token)}/`, { method: 'POST' }),
};

/** The address of a public issue page. */
export function issuePath(groupSlug: string, gonSlug: string, slug: string, pk: number): string {
  return `/newsletters-public/${enc(groupSlug)}/${enc(gonSlug)}/${enc(slug)}/${pk}`;
}
