import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import L from 'leaflet';
// Extends the global L that leaflet's bundle sets (L.markerClusterGroup): imported after it.
import 'leaflet.markercluster';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { request, type ApiError } from '../../api/http';
import { useLayers } from '../../screens/actimmo-map/use-leaflet-map';
import { escapeHtml, FRANCE, OFFLINE_MAX_ZOOM, useBaseMap } from './use-base-map';
import { entityPaths } from '../entity-routes';
import { t } from '../../lib/messages';
import type { EntityMeta } from '../types';
import type { MapPoint, MapPoints } from './map-points-api';
import './generic-map.css';

export interface GenericMapProps {
  meta: EntityMeta;
  /** The list's search and filters, as its API takes them. */
  query: Record<string, string>;
  /** Whether the list is narrowed (search or filter): the empty state says so. */
  searching: boolean;
}

/**
 * The « Carte » view of a list (x-entity.list.map): the located records of the same query as
 * markers (a popup links to the record), over the configured tiles or the offline outline map,
 * and beside it the same points as a list of links, the way keyboard and screen-reader users
 * reach them (« Situer » shows one on the map).
 */
export default function GenericMap({ meta, query, searching }: GenericMapProps) {
  const [data, setData] = useState<MapPoints | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(query);
  useEffect(() => {
    if (!meta.apiPath) return undefined;
    let live = true;
    setLoading(true);
    request<MapPoints>(`/${meta.apiPath}/map/`, { query })
      .then(({ data: d }) => {
        if (!live) return;
        setData(d);
        setError(null);
      })
      .catch((e: ApiError) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // The query is compared by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta.apiPath, key]);

  // « Situer » in the list → this map (not another one on the page): a channel of its own.
  const channel = useMemo(() => new EventTarget(), []);
  const paths = entityPaths(meta.name);
  const target = (pk: number) => paths.edit(pk) ?? paths.detail(pk) ?? '#';
  const plural = meta.labels.plural;
  const listId = `map-points-${meta.name}`;

  if (error)
    return (
      <div className="notice notice-error" role="alert">
        {error.message}
      </div>
    );
  if (!data)
    return (
      <p className="loading" role="status">
        {t('ui.loading')}
      </p>
    );
  const empty = data.points.length === 0;
  return (
    <div className="generic-map" aria-busy={loading}>
      <p className="map-summary" role="status">
        {data.located ? t('ui.map.summary', { count: data.located }) : t('ui.map.none_located')}
        {data.unlocated > 0 && <> {t('ui.map.unlocated', { count: data.unlocated })}</>}
      </p>
      {data.note && <p className="notice notice-warning">{data.note}</p>}
      {empty ? (
        <div className="empty-state">
          <p>{searching ? t('ui.map.empty_search') : t('ui.map.empty', { plural })}</p>
        </div>
      ) : (
        <div className="map-layout">
          <PointsMap
            points={data.points}
            tiles={data.tiles}
            target={target}
            label={t('ui.map.region', { plural })}
            channel={channel}
          />
          <section className="map-points panel" aria-labelledby={`${listId}-title`}>
            <h2 id={`${listId}-title`}>{t('ui.map.list_title', { count: data.points.length })}</h2>
            <ul id={listId}>
              {data.points.map((p) => (
                <li key={p.pk}>
                  <Link to={target(p.pk)}>{p.label}</Link>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => channel.dispatchEvent(new CustomEvent('show', { detail: p.pk }))}
                  >
                    {t('ui.map.locate')}
                    <span className="visually-hidden"> {p.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </div>
  );
}

function PointsMap({
  points,
  tiles,
  target,
  label,
  channel,
}: {
  channel: EventTarget;
  points: MapPoint[];
  tiles: MapPoints['tiles'];
  target: (pk: number) => string;
  label: string;
}) {
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const bounds = useMemo<L.LatLngBoundsExpression>(
    () => (points.length ? L.latLngBounds(points.map((p) => [p.lat, p.lon] as [number, number])) : FRANCE),
    [points],
  );
  const withTiles = Boolean(tiles.url);
  const map = useBaseMap(container, bounds, tiles);

  // One marker per point; its popup names the record and links to it (inside the app, no reload).
  // Near points gather into a cluster showing their number (leaflet.markercluster), so that
  // thousands of contacts stay readable; a click on a cluster zooms in, or spreads it out at the
  // deepest zoom. Keyboard and screen-reader users have the list of points beside the map.
  const markers = useRef(new Map<number, L.CircleMarker>());
  const clusters = useRef<L.MarkerClusterGroup | null>(null);
  useLayers(
    map,
    (m) => {
      markers.current = new Map(
        points.map((p) => {
          const link = document.createElement('a');
          link.href = target(p.pk);
          link.textContent = p.label;
          link.addEventListener('click', (e) => {
            e.preventDefault();
            navigate(target(p.pk));
          });
          const marker = L.circleMarker([p.lat, p.lon], {
            radius: 7,
            color: '#ffffff',
            weight: 2,
            fillColor: '#1f5c99',
            fillOpacity: 1,
          })
            .bindTooltip(escapeHtml(p.label))
            .bindPopup(link);
          return [p.pk, marker];
        }),
      );
      const group = L.markerClusterGroup({
        chunkedLoading: true,
        showCoverageOnHover: false,
        maxClusterRadius: 45,
        iconCreateFunction: (cluster) => {
          const count = cluster.getChildCount();
          const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
          return L.divIcon({
            // A cluster is a keyboard button: its name says what it is (the digit alone would not).
            html: `<span aria-hidden="true">${count}</span><span class="visually-hidden">${escapeHtml(
              t('ui.map.cluster', { count }),
            )}</span>`,
            className: `map-cluster map-cluster-${size}`,
            iconSize: L.point(36, 36),
          });
        },
      });
      group.addLayers([...markers.current.values()]);
      clusters.current = group;
      return [group.addTo(m)];
    },
    [points],
  );

  // « Situer » in the list: the point in view (out of its cluster) with its popup open, the focus on its link.
  useEffect(() => {
    if (!map) return undefined;
    const show = (e: Event) => {
      const marker = markers.current.get((e as CustomEvent<number>).detail);
      if (!marker || !clusters.current) return;
      const open = () => {
        marker.openPopup();
        (marker.getPopup()?.getElement()?.querySelector('a') as HTMLElement | null)?.focus();
      };
      container.current?.scrollIntoView({ block: 'nearest' });
      if (map.getZoom() < (withTiles ? 13 : 9)) map.setView(marker.getLatLng(), withTiles ? 13 : 9, { animate: false });
      clusters.current.zoomToShowLayer(marker, open);
    };
    channel.addEventListener('show', show);
    return () => channel.removeEventListener('show', show);
  }, [map, withTiles, channel]);

  // Fits the points once the frame has its final size (the map may start before the layout settles).
  useEffect(() => {
    if (!map) return undefined;
    const frame = requestAnimationFrame(() => {
      map.invalidateSize();
      map.fitBounds(bounds, { padding: [30, 30], animate: false, maxZoom: withTiles ? 14 : OFFLINE_MAX_ZOOM - 2 });
    });
    return () => cancelAnimationFrame(frame);
  }, [map, bounds, withTiles]);

  return (
    <div className="map-frame" role="region" aria-label={label}>
      <div ref={container} className="map-leaflet" />
    </div>
  );
}
