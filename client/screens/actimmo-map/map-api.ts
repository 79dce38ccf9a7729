import { api } from '../../api/http';
import type { DepartmentRaster } from './trace-outlines';

// What GET /api/v1/actimmo-map/actimmo-map/ answers (schemas/api/actimmo-map.openapi.json): the
// server's own types, so that the screen and the endpoint cannot drift apart (type-only import).
import type { MapDepartment, PublicContact, PublicGroup } from '../../../server/modules/actimmo-map/public-data';

export type { MapDepartment };
export type Structure = PublicGroup;
export type Contact = PublicContact;

export interface MapConfig {
  tileUrl: string | null;
  tileAttribution: string | null;
  tileMaxZoom: number;
  baseAttribution: string;
}
export interface Centroid {
  code: string;
  name: string;
  lat: number;
  lon: number;
}

export interface MapData {
  departments: MapDepartment[];
  config: MapConfig;
  centroids: Centroid[];
  raster: DepartmentRaster & { attribution: string };
}

export async function loadMapData(): Promise<MapData> {
  const [departments, config, centroids, raster] = await Promise.all([
    api<MapDepartment[]>('/actimmo-map/actimmo-map/', { anonymous: true }),
    api<MapConfig>('/actimmo-map/config/', { anonymous: true }),
    api<Centroid[]>('/territories/departement-centroids/', { anonymous: true }),
    api<MapData['raster']>('/territories/departement-map/', { anonymous: true }),
  ]);
  return { departments, config, centroids: centroids.filter((c) => c.code.length === 2), raster };
}

/** A structure as the map shows it: its contacts' overrides (the first contact's) win over its own facts. */
export interface ShownStructure {
  pk: number;
  name: string;
  fullName: string;
  website: string | null;
  picture: string | null;
  presentation: string | null;
  contacts: Contact[];
}

export function shownStructures(department: MapDepartment): ShownStructure[] {
  return department.structures
    .map((s) => {
      const contacts = department.contacts.filter((c) => c.group.pk === s.pk);
      const first = contacts[0];
      return {
        pk: s.pk,
        name: first?.groupName ?? s.name,
        fullName: first?.groupFullName ?? s.displayName,
        website: first?.groupWebsite ?? s.website,
        picture: first?.groupProfilePic ?? s.profilePic,
        presentation: first?.presentation ?? s.presentation,
        contacts,
      };
    })
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'fr'));
}

/** A link target for a website typed with or without its scheme; anything but http(s) is not linked. */
export function websiteHref(url: string | null): string | null {
  if (!url) return null;
  const full = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  return /^https?:\/\/[^\s]+$/i.test(full) ? full : null;
}

/** An image address the page may show: https, or a path of this site (uploaded logos). */
export function pictureSrc(url: string | null): string | null {
  return url && (/^https:\/\/[^\s]+$/i.test(url) || /^\/[^/\s][^\s]*$/.test(url)) ? url : null;
}
