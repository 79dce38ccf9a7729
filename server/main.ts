import { loadConfig } from './config';
import { createApp, createContext } from './app';
import { isEmpty, seedDemo, seedWhiteLabels } from './seed/seed-demo';
import { seedReferenceData } from './seed/seed-reference';
import { startServerJobs } from './jobs/server-jobs';
import { observability } from './observability';
import { gracefulShutdown } from './observability/graceful-shutdown';
import { idle as mailsSent } from './mail/mail-queue';
import { startCacheBus } from './cluster/cache-bus';
import { keepConnectionsAlive } from './http/keep-alive';

// `npm start` / `npm run serve`: migrate, seed an empty database, serve the API and the client.
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createContext(config);
  const added = await seedWhiteLabels(app);
  if (added) app.logger.info({ added }, 'white labels seeded');
  if (await seedReferenceData(app)) app.logger.info('simulators reference data seeded');
  if (config.seedDemo && (await isEmpty(app))) {
    await seedDemo(app);
    app.logger.info('demo data seeded (accounts: see README, password renovation-demo)');
  }
  // With REDIS_URL, the other server processes' cache invalidations (nothing without it).
  const closeCacheBus = startCacheBus(app);
  const server = createApp(app).listen(config.port, () => {
    app.logger.info(`serving on http://localhost:${config.port} (${app.database.dialect})`);
  });
  keepConnectionsAlive(server, config.keepAliveTimeoutMs);
  // Scheduled jobs (delayed notifications, reminders, hold expiry) run in the server process.
  const jobs = startServerJobs(app);
  const stop = gracefulShutdown({
    server,
    readiness: observability(app).readiness,
    logger: app.logger,
    // Mails queued after an answer (password reset, confirmations) leave before the process does.
    stopJobs: async () => {
      await Promise.all([jobs?.stop(), mailsSent(app)]);
      await closeCacheBus();
    },
    closeDatabase: () => app.database.close(),
    timeoutMs: config.shutdownTimeoutMs,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
