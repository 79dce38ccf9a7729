import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { api } from '../../api/http';
import { useLayers, useLeafletMap } from '../actimmo-map/use-leaflet-map';
import { traceOutlines, type DepartmentRaster } from '../actimmo-map/trace-outlines';
import { detailPath, tr, type MapPoint, type MapTiles } from './listepro-api';

/** Metropolitan France, when no professional gives the map its extent. */
const FRANCE: L.LatLngBoundsExpression = [
  [41.3, -5.2],
  [51.1, 9.6],
];
const BLUE = '#1f5c99';
const GREEN = '#1e7b34';
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The offline background (departments' outlines, served by the platform): once per page. */
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

export interface ListeProMapProps {
  points: MapPoint[];
  tiles: MapTiles;
  favourites: Set<number>;
  /** « Situer » on a card: the pk to show (a new object each time, so the same pk shows again). */
  locate: { pk: number } | null;
  enlarged: boolean;
}

/**
 * The results' map (spec 03 §2): one marker per located professional, blue, green for the
 * visitor's favourites; a popup names the professional and links to the detail. Over the tiles
 * the deployment configures, or over the departments' outlines drawn from local data (no tile
 * server needed). Keyboard users have the cards, each with its « Situer sur la carte ».
 */
export default function ListeProMap({ points, tiles, favourites, locate, enlarged }: ListeProMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const withTiles = Boolean(tiles.url);
  const bounds = useMemo<L.LatLngBoundsExpression>(
    () => (points.length ? L.latLngBounds(points.map((p) => [p.lat, p.lon] as [number, number])) : FRANCE),
    [points],
  );
  const map = useLeafletMap(container, () => ({
    bounds,
    maxZoom: withTiles ? tiles.maxZoom : 12,
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
      const zoom = L.control.zoom({ position: 'topright', zoomInTitle: tr('zoom_in'), zoomOutTitle: tr('zoom_out') });
      const attribution = L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' });
      attribution.addAttribution(escapeHtml(tiles.url ? (tiles.attribution ?? '') : tr('map_background')));
      const layers: { remove(): unknown }[] = [zoom.addTo(m), attribution.addTo(m)];
      if (tiles.url) layers.push(L.tileLayer(tiles.url, { maxZoom: tiles.maxZoom }).addTo(m));
      return layers;
    },
    [tiles.url, tiles.attribution, tiles.maxZoom],
  );
  useLayers(
    map,
    (m) =>
      outlines.map((rings) =>
        L.polygon(rings, {
          color: '#ffffff',
          weight: 1,
          fillColor: '#ebe6da',
          fillOpacity: 0.9,
          interactive: false,
        }).addTo(m),
      ),
    [outlines],
  );

  const markers = useRef(new Map<number, L.CircleMarker>());
  useLayers(
    map,
    (m) => {
      markers.current = new Map();
      return points.map((p) => {
        const popup = document.createElement('div');
        const name = document.createElement('strong');
        name.textContent = p.name;
        const link = document.createElement('a');
        link.href = detailPath(p.pk);
        link.textContent = tr('see_detail');
        popup.append(name, document.createElement('br'), link);
        const favourite = favourites.has(p.pk);
        const marker = L.circleMarker([p.lat, p.lon], {
          radius: favourite ? 9 : 7,
          color: '#ffffff',
          weight: 2,
          fillColor: favourite ? GREEN : BLUE,
          fillOpacity: 1,
          className: favourite ? 'listepro-marker listepro-marker-favourite' : 'listepro-marker',
        })
          .bindTooltip(escapeHtml(p.name))
          .bindPopup(popup)
          .addTo(m);
        markers.current.set(p.pk, marker);
        return marker;
      });
    },
    [points, favourites],
  );

  // « Situer »: the professional in view, zoomed in, its popup open.
  useEffect(() => {
    if (!map || !locate) return;
    const marker = markers.current.get(locate.pk);
    if (!marker) return;
    container.current?.scrollIntoView({ block: 'nearest' });
    map.setView(marker.getLatLng(), withTiles ? Math.min(17, tiles.maxZoom) : 11, { animate: false });
    marker.openPopup();
  }, [map, locate, withTiles, tiles.maxZoom]);

  // Enlarged or not, and once the frame has its final size: the map fills its new frame.
  useEffect(() => {
    if (!map) return undefined;
    const frame = requestAnimationFrame(() => {
      map.invalidateSize();
      map.fitBounds(bounds, { padding: [30, 30], animate: false, maxZoom: withTiles ? 14 : 10 });
    });
    return () => cancelAnimationFrame(frame);
  }, [map, bounds, withTiles, enlarged]);

  return (
    <div className="listepro-map-frame" role="region" aria-label={tr('map')}>
      <div ref={container} className="listepro-map" data-testid="listepro-map" />
    </div>
  );
}
