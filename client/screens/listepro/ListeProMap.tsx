import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import L from 'leaflet';
// Extends the global L that leaflet's bundle sets (L.markerClusterGroup): imported after it.
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { useLayers } from '../actimmo-map/use-leaflet-map';
import { escapeHtml, FRANCE, OFFLINE_MAX_ZOOM, useBaseMap } from '../../runtime/map/use-base-map';
import { detailPath, tr, type MapPoint, type MapTiles } from './listepro-api';

export interface ListeProMapProps {
  points: MapPoint[];
  tiles: MapTiles;
  favourites: Set<number>;
  /** « Situer » on a card: the pk to show (a new object each time, so the same pk shows again). */
  locate: { pk: number } | null;
  enlarged: boolean;
}

/**
 * The results' map (spec 03 §2): one marker per located professional, in the white label's
 * colour, green for the visitor's favourites (the colours are the stylesheet's, so that a theme
 * change repaints them); a popup names the professional and links to the detail. The base (tiles
 * or the offline outlines) is the runtime's, as for every points map. Keyboard users have the
 * cards, each with its « Situer sur la carte ».
 */
export default function ListeProMap({ points, tiles, favourites, locate, enlarged }: ListeProMapProps) {
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const withTiles = Boolean(tiles.url);
  const bounds = useMemo<L.LatLngBoundsExpression>(
    () => (points.length ? L.latLngBounds(points.map((p) => [p.lat, p.lon] as [number, number])) : FRANCE),
    [points],
  );
  const map = useBaseMap(container, bounds, tiles);

  const markers = useRef(new Map<number, L.CircleMarker>());
  const clusters = useRef<L.MarkerClusterGroup | null>(null);
  useLayers(
    map,
    (m) => {
      markers.current = new Map();
      // Near professionals gather into a cluster showing their number (issue 26 item 7): a click
      // zooms in, or spreads them out at the deepest zoom. The visitor's favourites stay apart,
      // always in view, with their white dot.
      const group = L.markerClusterGroup({
        showCoverageOnHover: false,
        maxClusterRadius: 40,
        iconCreateFunction: (cluster) => {
          const count = cluster.getChildCount();
          return L.divIcon({
            html: `<span aria-hidden="true">${count}</span><span class="visually-hidden">${escapeHtml(
              tr('cluster', { count }),
            )}</span>`,
            className: 'listepro-cluster',
            iconSize: L.point(36, 36),
          });
        },
      });
      clusters.current = group;
      const layers = points
        .map((p) => {
          const popup = document.createElement('div');
          const name = document.createElement('strong');
          name.textContent = p.name;
          const link = document.createElement('a');
          link.href = detailPath(p.pk);
          link.textContent = tr('see_detail');
          link.addEventListener('click', (e) => {
            e.preventDefault();
            navigate(detailPath(p.pk));
          });
          popup.append(name, document.createElement('br'), link);
          const favourite = favourites.has(p.pk);
          const marker = L.circleMarker([p.lat, p.lon], {
            radius: favourite ? 11 : 8,
            weight: favourite ? 3 : 2,
            fillOpacity: 1,
            opacity: 1,
            className: favourite ? 'listepro-marker listepro-marker-favourite' : 'listepro-marker',
          })
            .bindTooltip(escapeHtml(p.name))
            .bindPopup(popup);
          markers.current.set(p.pk, marker);
          if (!favourite) {
            group.addLayer(marker);
            return [];
          }
          marker.addTo(m);
          // A favourite also differs by its shape (a white dot in the green), not by colour alone: a white
          // label's own colour may be a green too (WCAG 1.4.1). On top of the others when they overlap.
          marker.bringToFront();
          const dot = L.circleMarker([p.lat, p.lon], {
            radius: 3.5,
            weight: 0,
            fillOpacity: 1,
            interactive: false,
            className: 'listepro-marker-dot',
          }).addTo(m);
          return [marker, dot];
        })
        .flat();
      return [...layers, group.addTo(m)];
    },
    [points, favourites],
  );

  // « Situer »: the professional in view, zoomed in, its popup open.
  useEffect(() => {
    if (!map || !locate) return;
    const marker = markers.current.get(locate.pk);
    if (!marker) return;
    container.current?.scrollIntoView({ block: 'nearest' });
    map.setView(marker.getLatLng(), withTiles ? Math.min(17, tiles.maxZoom) : OFFLINE_MAX_ZOOM, { animate: false });
    // Its popup at once when the zoom already shows it; else out of its cluster first (spread out at
    // the deepest zoom). zoomToShowLayer waits for a move that does not come when the view is already there.
    if (map.hasLayer(marker) || !clusters.current?.hasLayer(marker)) marker.openPopup();
    else clusters.current.zoomToShowLayer(marker, () => marker.openPopup());
  }, [map, locate, withTiles, tiles.maxZoom]);

  // « Agrandir la carte »: the enlarged map comes first, above the cards; on a phone the visitor
  // was below them, so the map is brought into view (issue 26 item 7).
  const wasEnlarged = useRef(enlarged);
  useEffect(() => {
    if (enlarged && !wasEnlarged.current)
      container.current?.closest('.listepro-side')?.scrollIntoView({ block: 'start' });
    wasEnlarged.current = enlarged;
  }, [enlarged]);

  // The view fits the results whenever they change, and whenever the frame takes another size
  // (enlarged or reduced, the phone turned, the lazy frame laid out after the map was made):
  // fitting only once, at creation, left the markers out of view or crowded in a corner.
  useEffect(() => {
    const element = container.current;
    if (!map || !element) return undefined;
    const fit = () => {
      map.invalidateSize();
      map.fitBounds(bounds, { padding: [30, 30], animate: false, maxZoom: withTiles ? 14 : OFFLINE_MAX_ZOOM - 1 });
    };
    fit();
    const observer = new ResizeObserver(() => fit());
    observer.observe(element);
    return () => observer.disconnect();
  }, [map, bounds, withTiles, enlarged]);

  return (
    <div className="listepro-map-frame" role="region" aria-label={tr('map')}>
      <div ref={container} className="listepro-map" data-testid="listepro-map" />
    </div>
  );
}
