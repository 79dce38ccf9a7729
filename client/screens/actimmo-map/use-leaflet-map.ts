import { useEffect, useState, type RefObject } from 'react';
import L from 'leaflet';

/**
 * A Leaflet map on a container element, created when the element is mounted and removed with it
 * (react-leaflet did this for us, under a licence that is not OSI-approved). The options are read
 * once, at creation, as a map's construction options are.
 */
export function useLeafletMap(
  container: RefObject<HTMLDivElement | null>,
  options: () => L.MapOptions & { bounds: L.LatLngBoundsExpression },
): L.Map | null {
  const [map, setMap] = useState<L.Map | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const { bounds, ...mapOptions } = options();
    const created = L.map(element, mapOptions);
    created.fitBounds(bounds);
    setMap(created);
    return () => {
      setMap(null);
      created.remove();
    };
    // Construction options only: later changes go through the map's methods.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);
  return map;
}

/** What a map holds and can take back: a layer, a control, or a credit in the attribution. */
export interface Removable {
  remove(): unknown;
}

/** Layers and controls added to the map while the component lives, removed when it goes or when `deps` change. */
export function useLayers(map: L.Map | null, make: (map: L.Map) => Removable[], deps: unknown[]): void {
  useEffect(() => {
    if (!map) return undefined;
    const added = make(map);
    return () => {
      for (const item of added) item.remove();
    };
    // The caller lists what the layers depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, ...deps]);
}
