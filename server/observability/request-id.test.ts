import { describe, expect, it } from 'vitest';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { requestIdLogFields, requestIdMiddleware } from './request-id';
import { errorHandler } from '../http/error-handler';
import type { AppContext } from '../context';

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info', mixin: requestIdLogFields }, stream) };
}

async function serve(app: express.Express): Promise<{ url: string; close(): void }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    );
  });
}

describe('request id', () => {
  it('names every log line of a request, across awaits, and the 500 answer', async () => {
    const { lines, logger } = logCapture();
    const app = express();
    app.use(requestIdMiddleware());
    app.get('/ok', async (_req, res) => {
      logger.info('before');
      await new Promise((r) => setTimeout(r, 5));
      logger.info('after');
      res.send('ok');
    });
    app.get('/boom', async () => {
      await new Promise((r) => setTimeout(r, 1));
      throw new Error('kaput');
    });
    app.use((err: unknown, req: express.Request, res: express.Response, next: express.NextFunction) =>
      errorHandler({ logger, catalogue: { fr: {} } } as unknown as AppContext)(err, req, res, next),
    );
    const s = await serve(app);
    try {
      const [a, b] = await Promise.all([fetch(`${s.url}/ok`), fetch(`${s.url}/ok`)]);
      const ids = [a.headers.get('x-request-id'), b.headers.get('x-request-id')];
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[0]).not.toBe(ids[1]);
      for (const id of ids) expect(lines.filter((l) => l.reqId === id).map((l) => l.msg)).toEqual(['before', 'after']);
      logger.info('outside');
      expect(lines.at(-1)).not.toHaveProperty('reqId');

      const boom = await fetch(`${s.url}/boom`, { headers: { 'x-request-id': 'proxy-given-id-42' } });
      expect(boom.status).toBe(500);
      expect(boom.headers.get('x-request-id')).toBe('proxy-given-id-42');
      expect(((await boom.json()) as { requestId: string }).requestId).toBe('proxy-given-id-42');
      expect(lines.find((l) => l.msg === 'unhandled error')?.reqId).toBe('proxy-given-id-42');

      // An id that could forge log lines or headers is replaced by one of ours.
      const odd = await fetch(`${s.url}/ok`, { headers: { 'x-request-id': 'a"b} {"reqId":"x' } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      s.close();
    }
  });
});
