import { forcedDomain } from '../state/store';
import type { WhiteLabel } from '../state/session';
import type { MenuItem } from '../state/menu';
import type { PublicService } from '../state/public-service';

/**
 * What the server wrote into the page (server/client-shell/boot-data.ts): the domain's white
 * label (null where GET /white_labelling/current/ would answer 404), the anonymous menu and the
 * public services of the landing page, so
 * that a first visit paints without asking the API first.
 */
export interface BootData {
  domain: string | null;
  whiteLabel: WhiteLabel | null;
  menu: MenuItem[];
  services?: PublicService[];
}

/**
 * The page's boot data, or null when there is none (the Vite dev server serves index.html as it
 * is) or when it was written for another domain than the one this tab shows (a `?domain=` kept
 * from an earlier page of the tab while this address has none): then the client asks the API.
 */
export function readBootData(): BootData | null {
  const element = document.getElementById('boot-data');
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as BootData;
    if ((forcedDomain()?.toLowerCase() ?? null) !== data.domain) return null;
    return data;
  } catch {
    return null;
  }
}
