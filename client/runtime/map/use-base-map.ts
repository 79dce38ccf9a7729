import { useEffect, useState, type RefObject } from 'react';
import L from 'leaflet';
import { api } from '../../api/http';
import { useLayers, useLeafletMap } from '../../screens/actimmo-map/use-leaflet-map';
import { traceOutlines, type DepartmentRaster } from '../../screens/actimmo-map/trace-outlines';
import { t } from '../../lib/messages';

/** Metropolitan France, when no point gives a map its extent. */
export const FRANCE: L.LatLngBoundsExpression = [
  [41.3, -5.2],
  [51.1, 9.6],
];
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The deployment's tile layer, or none (url null): then the offline outlines, credited with baseAttribution. */
export interface BaseMapTiles {
  url: string | null;
  attribution: string | null;
  maxZoom: number;
  baseAttribution: string;
}

/** The offline base map (departments' outlines, packaged with the server): loaded once per page. */
let outlinesPromise: Promise<L.LatLngExpression[][][]> | null = null;
function offlineOutlines(): Promise<L.LatLngExpression[][][]> {
  outlinesPromise ??= api<DepartmentRaster>('/territories/departement-map/', { anonymous: true })
    .then((raster) => [...traceOutlines(raster).values()] as L.LatLngExpression[][][])
    .catch(() => {
      outlinesPromise = null;
      return [];
    });
  return outlinesPromise;
}

/** The pane of the offline outlines: above where tiles would be (200), below the markers' pane (400). */
function basePane(m: L.Map): string {
  const name = 'offlineBase';
  if (!m.getPane(name)) m.createPane(name).style.zIndex = '250';
  return name;
}

/** The deepest zoom the offline outlines bear: they are ~4 km steps, deeper zooms would show only the steps. */
export const OFFLINE_MAX_ZOOM = 11;

/**
 * The base every points map of the platform shares (the lists' « Carte » view, the directory's
 * results): a Leaflet map on `container` with French zoom buttons, the credits, and either the
 * configured tiles or, with no tile server (offline, or none configured), the departments'
 * outlines drawn from the platform's own data. Markers are the caller's.
 */
export function useBaseMap(
  container: RefObject<HTMLDivElement | null>,
  bounds: L.LatLngBoundsExpression,
  tiles: BaseMapTiles,
): L.Map | null {
  const withTiles = Boolean(tiles.url);
  const map = useLeafletMap(container, () => ({
    bounds,
    maxZoom: withTiles ? tiles.maxZoom : OFFLINE_MAX_ZOOM,
    minZoom: 3,
    zoomControl: false,
    attributionControl: false,
    scrollWheelZoom: false,
  }));
  const [outlines, setOutlines] = useState<L.LatLngExpression[][][]>([]);
  useEffect(() => {
    if (withTiles) return undefined;
    let live = true;
    void offlineOutlines().then((o) => live && setOutlines(o));
    return () => {
      live = false;
    };
  }, [withTiles]);

  useLayers(
    map,
    (m) => {
      const attribution = L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' });
      const zoom = L.control.zoom({
        position: 'topright',
        zoomInTitle: t('ui.map.zoom_in'),
        zoomOutTitle: t('ui.map.zoom_out'),
      });
      attribution.addAttribution(
        escapeHtml(tiles.url ? (tiles.attribution ?? '') : tiles.baseAttribution) || escapeHtml(tiles.baseAttribution),
      );
      const layers: { remove(): unknown }[] = [zoom.addTo(m), attribution.addTo(m)];
      if (tiles.url) layers.push(L.tileLayer(tiles.url, { maxZoom: tiles.maxZoom }).addTo(m));
      return layers;
    },
    [tiles.url, tiles.attribution, tiles.maxZoom, tiles.baseAttribution],
  );
  // Leaflet's own texts in French (issue 26 item 7): the popups' close button says « Fermer ».
  useEffect(() => {
    if (!map) return undefined;
    const french = (e: L.PopupEvent) => {
      const close = e.popup.getElement()?.querySelector('.leaflet-popup-close-button');
      close?.setAttribute('aria-label', t('ui.map.close'));
      close?.setAttribute('title', t('ui.map.close'));
    };
    map.on('popupopen', french);
    return () => {
      map.off('popupopen', french);
    };
  }, [map]);
  useLayers(
    map,
    (m) =>
      outlines.map((rings) =>
        L.polygon(rings, {
          // Under every marker, whenever the outlines arrive (issue 26 item 7: drawn after the
          // markers in the same pane, they covered them).
          pane: basePane(m),
          color: '#ffffff',
          weight: 1,
          fillColor: '#ebe6da',
          fillOpacity: 0.9,
          interactive: false,
          smoothFactor: 1.2,
        }).addTo(m),
      ),
    [outlines],
  );
  return map;
}
