import { dropTemplates, makeTemplate, parisDay, type TemplateKind, type TemplateManifest } from './db-templates';
import { postgresReachable } from './databases';
import { seedTemplate } from './test-app';

// `tsx tests/helpers/make-templates.ts make [sqlite]` makes the run's database templates and prints their
// manifest (one JSON line); `… drop '<manifest>'` drops them. Run by global-setup.ts.
const [command, arg] = process.argv.slice(2);
if (command === 'drop') {
  await dropTemplates(JSON.parse(arg) as TemplateManifest);
} else if (command === 'make') {
  const manifest: TemplateManifest = { day: parisDay() };
  // `make sqlite` makes the SQLite ones only; by default PostgreSQL's too when it is reachable.
  const dialects: ('sqlite' | 'postgres')[] =
    arg === 'sqlite' ? ['sqlite'] : (await postgresReachable()) ? ['sqlite', 'postgres'] : ['sqlite'];
  try {
    for (const dialect of dialects) {
      const made: Partial<Record<TemplateKind, string>> = {};
      manifest[dialect] = made;
      for (const kind of ['base', 'demo'] as const)
        made[kind] = await makeTemplate(dialect, (url) => seedTemplate(url, kind));
    }
  } catch (e) {
    await dropTemplates(manifest);
    throw e;
  }
  console.log(JSON.stringify(manifest));
} else {
  console.error('usage: make-templates.ts make | drop <manifest>');
  process.exit(2);
}
