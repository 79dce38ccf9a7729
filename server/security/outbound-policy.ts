// Every outbound connection to a destination a user configured (a structure's SMTP account, an SMS
// gateway, a URL the server fetches) is checked here first (docs/security.md, « Outbound
// connections »). The platform's own settings (SMTP_URL, ADDRESS_API_URL…) are the operator's and
// are not. The name is resolved once, every address it gives is checked, and the caller connects
// to the checked address — never resolving the name again, which a DNS answer could change.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AppContext } from '../context';
import { message } from '../context';
import { classifyAddress } from './address-class';
import { allowedByOperator, normalHost, type OutboundAllowEntry } from './outbound-allow';

/** How long a name may take to resolve. Connections have their own bounds (SMTP: 10 s to connect, 10 s to greet). */
export const OUTBOUND_DNS_TIMEOUT_MS = 5_000;

/**
 * A refused or failed outbound connection, with the only message a user sees: `policy` says the
 * platform does not allow that destination (nothing about the network); `failed` is one message
 * for a name that does not resolve, a refused or closed port, a timeout, a TLS or SMTP error.
 */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'policy' | 'failed',
    readonly userMessage: string,
  ) {
    super(userMessage);
    this.name = 'OutboundError';
  }
}

export function outboundFailure(app: AppContext): OutboundError {
  return new OutboundError('failed', message(app, 'outbound.failed'));
}

function notAllowed(app: AppContext): OutboundError {
  return new OutboundError('policy', message(app, 'outbound.not_allowed'));
}

/** The checked destination: connect to `address`; present `servername` to TLS (a name was given). */
export interface OutboundTarget {
  address: string;
  family: 4 | 6;
  port: number;
  servername?: string;
}

async function resolveAll(app: AppContext, host: string): Promise<{ address: string; family: number }[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(outboundFailure(app)), OUTBOUND_DNS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
  } catch (err) {
    app.logger.warn({ host, err }, 'outbound destination not resolved');
    throw outboundFailure(app);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves `host` and checks every address it gives: only public addresses, or those the operator
 * listed in OUTBOUND_ALLOW (`app.config.outboundAllow`). Throws an OutboundError; logs the cause
 * (for the operator) without it ever reaching the answer.
 */
export async function checkOutbound(app: AppContext, host: string, port: number): Promise<OutboundTarget> {
  const name = normalHost(host);
  if (!name || !Number.isInteger(port) || port < 1 || port > 65535) throw outboundFailure(app);
  const literal = isIP(name);
  const addresses = literal ? [{ address: name, family: literal }] : await resolveAll(app, name);
  if (!addresses.length) throw outboundFailure(app);
  const entries: readonly OutboundAllowEntry[] = app.config.outboundAllow;
  for (const { address } of addresses) {
    const cls = classifyAddress(address);
    if (cls !== 'public' && !allowedByOperator(entries, { host: name, address, port })) {
      app.logger.warn({ host: name, address, port, addressClass: cls }, 'outbound connection refused by policy');
      throw notAllowed(app);
    }
  }
  const first = addresses[0]!;
  return {
    address: first.address,
    family: first.family === 6 ? 6 : 4,
    port,
    ...(literal ? {} : { servername: name }),
  };
}
