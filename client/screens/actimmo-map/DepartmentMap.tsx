import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { AttributionControl, MapContainer, Marker, Polygon, TileLayer, ZoomControl, useMap, useMapEvents } from 'react-leaflet';
import type { Centroid, MapConfig } from './map-api';
import type { Ring } from './trace-outlines';
import { tr } from './i18n';

export interface DepartmentMapProps {
  outlines: Map<string, Ring[]>;
  centroids: Centroid[];
  /** Department code → number of laureate structures (laureate departments only). */
  laureates: Map<string, number>;
  selected: string | null;
  onSelect: (code: string) => void;
  config: MapConfig;
  bounds: [[number, number], [number, number]];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Theme colours (white labels override the CSS variables), read once the page is styled. */
function palette() {
  const css = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return { primary: read('--color-primary', '#1f5c99'), accent: read('--color-accent', '#b35a00'), text: read('--color-text', '#1c2733') };
}

function badgeIcon(code: string, name: string, count: number, selected: boolean): L.DivIcon {
  const laureate = count > 0;
  const label = laureate ? tr('marker_laureate', { name, code, count }) : tr('marker_other', { name, code });
  const text = selected ? `${code} · ${name}` : code;
  return L.divIcon({
    className: `actimmo-marker${laureate ? ' actimmo-marker-laureate' : ''}${selected ? ' actimmo-marker-selected' : ''}`,
    html: `<span aria-hidden="true">${escapeHtml(text)}</span><span class="visually-hidden">${escapeHtml(label)}</span>`,
    // A zero-size anchor on the department's centre; CSS centres the badge on it.
    iconSize: [0, 0],
  });
}

/**
 * On a small screen the whole country fits only at a wide zoom, where 96 badges would pile up:
 * below ZOOM_ALL_BADGES only the laureate and chosen departments keep theirs (zooming in, or the
 * drop-down, reaches the others).
 */
const ZOOM_ALL_BADGES = 5.5;
function ZoomClass() {
  const map = useMap();
  const update = () => {
    map.getContainer().classList.toggle('actimmo-zoomed-out', map.getZoom() < ZOOM_ALL_BADGES);
  };
  useMapEvents({ zoomend: update });
  useEffect(update, [map]);
  return null;
}

/** Fits France once the frame has its final size (the map may start before the layout settles). */
function FitOnce({ bounds }: { bounds: L.LatLngBoundsExpression }) {
  const map = useMap();
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      map.invalidateSize();
      map.fitBounds(bounds, { padding: [6, 6], animate: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [map, bounds]);
  return null;
}

/** Keeps the chosen department in view when it was chosen elsewhere (list, drop-down). */
function FollowSelection({ selected, centroids }: { selected: string | null; centroids: Centroid[] }) {
  const map = useMap();
  useEffect(() => {
    const c = centroids.find((x) => x.code === selected);
    if (c) map.panInside([c.lat, c.lon], { padding: [40, 40] });
  }, [map, selected, centroids]);
  return null;
}

function OfflineAttribution({ text }: { text: string }) {
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.addAttribution(escapeHtml(text));
    return () => {
      map.attributionControl?.removeAttribution(escapeHtml(text));
    };
  }, [map, text]);
  return null;
}

/**
 * The departments of metropolitan France, drawn from the server's offline outlines (and over
 * tiles when MAP_TILE_URL is set). Laureate departments are filled with the site's colour and
 * their badges are keyboard buttons; every department can be clicked.
 */
export default function DepartmentMap({ outlines, centroids, laureates, selected, onSelect, config, bounds }: DepartmentMapProps) {
  const colours = useMemo(palette, []);
  const withTiles = Boolean(config.tileUrl);
  const maxBounds = useMemo(() => L.latLngBounds(bounds).pad(0.15), [bounds]);
  const styleOf = (code: string): L.PathOptions => {
    const laureate = laureates.has(code);
    const chosen = code === selected;
    return {
      color: '#ffffff',
      weight: 1,
      opacity: withTiles && !laureate ? 0.6 : 1,
      fillColor: laureate ? colours.primary : withTiles ? '#ffffff' : '#ebe6da',
      fillOpacity: laureate ? (chosen ? 0.95 : withTiles ? 0.5 : 0.8) : withTiles ? (chosen ? 0.35 : 0) : chosen ? 1 : 0.9,
    };
  };
  return (
    <MapContainer
      className="actimmo-leaflet"
      bounds={bounds}
      maxBounds={maxBounds}
      minZoom={4}
      // The offline outlines are ~4 km steps: deeper zooms would show only the steps.
      maxZoom={withTiles ? config.tileMaxZoom : 8}
      zoomSnap={0.25}
      zoomControl={false}
      attributionControl={false}
      scrollWheelZoom={false}
    >
      <ZoomControl position="topright" zoomInTitle={tr('zoom_in')} zoomOutTitle={tr('zoom_out')} />
      <AttributionControl prefix='<a href="https://leafletjs.com">Leaflet</a>' />
      {withTiles ? <TileLayer url={config.tileUrl!} attribution={config.tileAttribution ? escapeHtml(config.tileAttribution) : undefined} maxZoom={config.tileMaxZoom} /> : <OfflineAttribution text={config.baseAttribution} />}
      <ZoomClass />
      <FitOnce bounds={bounds} />
      <FollowSelection selected={selected} centroids={centroids} />
      {[...outlines.keys()].map((code) => (
        <Polygon key={code} positions={outlines.get(code)!} pathOptions={styleOf(code)} smoothFactor={1.2} eventHandlers={{ click: () => onSelect(code) }} />
      ))}
      {/* The chosen department's border, added last so that it is drawn over its neighbours'. */}
      {selected && outlines.has(selected) && (
        <Polygon key={`chosen-${selected}`} positions={outlines.get(selected)!} pathOptions={{ color: colours.text, weight: 3, fill: false, interactive: false }} smoothFactor={1.2} />
      )}
      {centroids.map((c) => {
        const count = laureates.get(c.code) ?? 0;
        return (
          <Marker
            key={c.code}
            position={[c.lat, c.lon]}
            icon={badgeIcon(c.code, c.name, count, c.code === selected)}
            title={`${c.name} (${c.code})`}
            keyboard={count > 0}
            interactive={count > 0}
            zIndexOffset={c.code === selected ? 1000 : count > 0 ? 500 : 0}
            eventHandlers={{
              click: () => onSelect(c.code),
              keypress: (e) => {
                const key = (e.originalEvent as KeyboardEvent).key;
                if (key === 'Enter' || key === ' ') onSelect(c.code);
              },
            }}
          />
        );
      })}
    </MapContainer>
  );
}
