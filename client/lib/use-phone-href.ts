import { useEffect, useState } from 'react';

type PhoneHref = (phone: string) => string;
let loaded: PhoneHref | null = null;

/** Until the phone library has loaded: the digits as typed (right for "04 76 11 22 40"). */
const digitsOnly: PhoneHref = (phone) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/**
 * tel: links from engine/format/phone.ts, whose numbering data (libphonenumber-js, ~49 KB
 * gzipped) loads with the first screen that shows a phone link instead of with the page.
 */
export function usePhoneHref(): PhoneHref {
  const [href, setHref] = useState<PhoneHref>(() => loaded ?? digitsOnly);
  useEffect(() => {
    if (loaded) return undefined;
    let live = true;
    import('../../engine/format/phone').then(
      (m) => {
        loaded = m.phoneHref;
        if (live) setHref(() => m.phoneHref);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return href;
}
