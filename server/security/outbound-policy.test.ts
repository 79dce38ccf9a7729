import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { parseOutboundAllow } from './outbound-allow';
import { checkOutbound, OutboundError } from './outbound-policy';

function appWith(allow: string): AppContext {
  return {
    config: { outboundAllow: parseOutboundAllow(allow) },
    catalogue: { 'outbound.failed': 'échec', 'outbound.not_allowed': 'interdit' },
    logger: { warn: () => undefined },
  } as unknown as AppContext;
}

async function refusal(app: AppContext, host: string, port: number): Promise<OutboundError> {
  const error = await checkOutbound(app, host, port).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${host}:${port}`).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe('the outbound policy', () => {
  it('refuses internal addresses and names that resolve to them, with the policy’s message only', async () => {
    const app = appWith('');
    for (const host of ['127.0.0.1', '::1', '10.0.0.8', '169.254.169.254', '[fd00:ec2::254]', '::ffff:127.0.0.1'])
      expect(await refusal(app, host, 25)).toMatchObject({ reason: 'policy', userMessage: 'interdit' });
    // « localhost » resolves to the loopback addresses: checked after resolution, not by its name.
    expect(await refusal(app, 'localhost', 25)).toMatchObject({ reason: 'policy' });
  });

  it('answers one failure for a name that does not resolve or a port out of range', async () => {
    const app = appWith('');
    expect(await refusal(app, 'nom-inexistant.invalid', 25)).toMatchObject({ reason: 'failed', userMessage: 'échec' });
    expect(await refusal(app, '93.184.215.14', 0)).toMatchObject({ reason: 'failed' });
    expect(await refusal(app, '', 25)).toMatchObject({ reason: 'failed' });
  });

  it('lets through public addresses, and what the operator allowed, to the checked address', async () => {
    expect(await checkOutbound(appWith(''), '93.184.215.14', 587)).toEqual({
      address: '93.184.215.14',
      family: 4,
      port: 587,
    });
    const allowed = appWith('127.0.0.1:2525, localhost');
    expect(await checkOutbound(allowed, '127.0.0.1', 2525)).toMatchObject({ address: '127.0.0.1' });
    expect(await refusal(allowed, '127.0.0.1', 25)).toMatchObject({ reason: 'policy' });
    // A name allowed by the operator: connected by its checked address, the name kept for TLS.
    const target = await checkOutbound(allowed, 'LOCALHOST.', 25);
    expect(['127.0.0.1', '::1']).toContain(target.address);
    expect(target.servername).toBe('localhost');
  });
});
