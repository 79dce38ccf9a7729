import 'leaflet/dist/leaflet.css';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { useLayers, useLeafletMap } from './use-leaflet-map';
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
  return {
    primary: read('--color-primary', '#1f5c99'),
    accent: read('--color-accent', '#b35a00'),
    text: read('--color-text', '#1c2733'),
  };
}

function badgeIcon(code: string, name: string, count: number, selected: boolean): L.DivIcon {
  const laureate = count > 0;
  const label = laureate ? tr('marker_laureate', { name, code, count }) : tr('marker_other', { name, code });
  const text = selected ? `${code} · ${name}` : code;
  return L.divIcon({
    className:
      'actimmo-marker' + (laureate ? ' actimmo-marker-laureate' : '') + (selected ? ' actimmo-marker-selected' : ''),
    html:
      `<span aria-hidden="true">${escapeHtml(text)}</span>` +
      `<span class="visually-hidden">${escapeHtml(label)}</span>`,
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

/** The latest value of a prop, for Leaflet handlers bound once. */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * The departments of metropolitan France, drawn from the server's offline outlines (and over
 * tiles when MAP_TILE_URL is set). Laureate departments are filled with the site's colour and
 * their badges are keyboard buttons; every department can be clicked.
 */
export default function DepartmentMap({
  outlines,
  centroids,
  laureates,
  selected,
  onSelect,
  config,
  bounds,
}: DepartmentMapProps) {
  const colours = useMemo(palette, []);
  const withTiles = Boolean(config.tileUrl);
  const select = useLatest(onSelect);
  const container = useRef<HTMLDivElement>(null);
  const map = useLeafletMap(container, () => ({
    bounds,
    maxBounds: L.latLngBounds(bounds).pad(0.15),
    minZoom: 4,
    // The offline outlines are ~4 km steps: deeper zooms would show only the steps.
    maxZoom: withTiles ? config.tileMaxZoom : 8,
    zoomSnap: 0.25,
    zoomControl: false,
    attributionControl: false,
    scrollWheelZoom: false,
  }));

  const attribution = useRef<L.Control.Attribution | null>(null);
  useLayers(
    map,
    (m) => {
      attribution.current = L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' });
      const zoom = L.control.zoom({ position: 'topright', zoomInTitle: tr('zoom_in'), zoomOutTitle: tr('zoom_out') });
      return [zoom.addTo(m), attribution.current.addTo(m)];
    },
    [],
  );

  // The base: tiles when configured, else the credit of the offline outlines.
  useLayers(
    map,
    (m) => {
      if (config.tileUrl) {
        const credit = config.tileAttribution ? escapeHtml(config.tileAttribution) : undefined;
        return [L.tileLayer(config.tileUrl, { attribution: credit, maxZoom: config.tileMaxZoom }).addTo(m)];
      }
      const text = escapeHtml(config.baseAttribution);
      const control = attribution.current;
      control?.addAttribution(text);
      return [{ remove: () => control?.removeAttribution(text) }];
    },
    [config.tileUrl, config.tileAttribution, config.tileMaxZoom, config.baseAttribution],
  );

  useEffect(() => {
    if (!map) return undefined;
    const update = () => map.getContainer().classList.toggle('actimmo-zoomed-out', map.getZoom() < ZOOM_ALL_BADGES);
    update();
    map.on('zoomend', update);
    return () => {
      map.off('zoomend', update);
    };
  }, [map]);

  // Fits France once the frame has its final size (the map may start before the layout settles).
  useEffect(() => {
    if (!map) return undefined;
    const frame = requestAnimationFrame(() => {
      map.invalidateSize();
      map.fitBounds(bounds, { padding: [6, 6], animate: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [map, bounds]);

  const areaStyle = (code: string): L.PathOptions => {
    const laureate = laureates.has(code);
    const chosen = code === selected;
    return {
      color: '#ffffff',
      weight: 1,
      opacity: withTiles && !laureate ? 0.6 : 1,
      fillColor: laureate ? colours.primary : withTiles ? '#ffffff' : '#ebe6da',
      fillOpacity: laureate
        ? chosen
          ? 0.95
          : withTiles
            ? 0.5
            : 0.8
        : withTiles
          ? chosen
            ? 0.35
            : 0
          : chosen
            ? 1
            : 0.9,
    };
  };
  const badgeOf = (c: Centroid) => badgeIcon(c.code, c.name, laureates.get(c.code) ?? 0, c.code === selected);

  // One clickable area per department, created with the outlines; the choice then restyles them.
  const areas = useRef(new Map<string, L.Polygon>());
  useLayers(
    map,
    (m) => {
      areas.current = new Map(
        [...outlines].map(([code, rings]) => [
          code,
          L.polygon(rings, { ...areaStyle(code), smoothFactor: 1.2 })
            .on('click', () => select.current(code))
            .addTo(m),
        ]),
      );
      return [...areas.current.values()];
    },
    [outlines],
  );
  useEffect(() => {
    for (const [code, area] of areas.current) area.setStyle(areaStyle(code));
    // areaStyle reads exactly these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, outlines, laureates, selected, withTiles, colours]);

  // The chosen department's border, drawn over its neighbours'.
  useLayers(
    map,
    (m) => {
      const rings = selected ? outlines.get(selected) : undefined;
      if (!rings) return [];
      const border = L.polygon(rings, {
        color: colours.text,
        weight: 3,
        fill: false,
        interactive: false,
        smoothFactor: 1.2,
      }).addTo(m);
      border.bringToFront();
      return [border];
    },
    [outlines, selected, colours],
  );

  // A badge per department; the laureate ones are buttons (Enter or Space chooses).
  const badges = useRef(new Map<string, { marker: L.Marker; chosen: boolean }>());
  useLayers(
    map,
    (m) => {
      badges.current = new Map(
        centroids.map((c) => {
          const count = laureates.get(c.code) ?? 0;
          const chosen = c.code === selected;
          const marker = L.marker([c.lat, c.lon], {
            icon: badgeOf(c),
            title: `${c.name} (${c.code})`,
            keyboard: count > 0,
            interactive: count > 0,
            zIndexOffset: chosen ? 1000 : count > 0 ? 500 : 0,
          });
          marker.on('click', () => select.current(c.code));
          marker.on('keypress', (e) => {
            const key = (e as L.LeafletKeyboardEvent).originalEvent.key;
            if (key === 'Enter' || key === ' ') select.current(c.code);
          });
          return [c.code, { marker: marker.addTo(m), chosen }];
        }),
      );
      return [...badges.current.values()].map((b) => b.marker);
      // Created with the current choice; the effect below follows it.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    },
    [centroids, laureates],
  );
  useEffect(() => {
    for (const c of centroids) {
      const badge = badges.current.get(c.code);
      const chosen = c.code === selected;
      if (!badge || badge.chosen === chosen) continue;
      const count = laureates.get(c.code) ?? 0;
      // A new icon replaces the badge's element: the focus, if it was there, moves to the new one.
      const focused = document.activeElement !== null && badge.marker.getElement() === document.activeElement;
      badge.marker.setIcon(badgeOf(c)).setZIndexOffset(chosen ? 1000 : count > 0 ? 500 : 0);
      if (focused) badge.marker.getElement()?.focus();
      badge.chosen = chosen;
    }
    // badgeOf reads exactly these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, centroids, laureates, selected]);

  // Keeps the chosen department in view when it was chosen elsewhere (list, drop-down).
  useEffect(() => {
    const c = centroids.find((x) => x.code === selected);
    if (map && c) map.panInside([c.lat, c.lon], { padding: [40, 40] });
  }, [map, selected, centroids]);

  return <div ref={container} className="actimmo-leaflet" />;
}
