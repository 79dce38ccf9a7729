import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node closes it after 5 s by default, while the
 * client on the other end — nginx's upstream pool (`keepalive_timeout` 60 s), a balancer, a load
 * generator's agent — may keep it longer and send its next request just as the close is on its
 * way: that request is lost (ECONNRESET for the client; a 502 from nginx for a POST, which it
 * does not retry). The server must be the side that waits longest; headers get one second more
 * (Node's rule: a request's headers may not be timed shorter than the idle wait).
 */
export function keepConnectionsAlive(server: Server, idleMs: number): void {
  server.keepAliveTimeout = idleMs;
  server.headersTimeout = idleMs + 1000;
}
