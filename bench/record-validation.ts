// Record validation: time per write on the server (the hand-written interpreter this replaced
// against AJV's compiled validator), time per keystroke in Chromium on the largest form (AJV
// standalone module served by the server, @cfworker/json-schema, the old interpreter), compile
// times and the JavaScript each browser option weighs.
// Run: npx tsx bench/record-validation.ts [--seconds=1] [--no-browser]
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { loadDeclarations } from '../server/schema/load-declarations';
import { buildRegistry, getEntity } from '../engine/schema/registry';
import { applyOverlay, type EffectiveEntity } from '../engine/schema/apply-overlay';
import { ruleUser } from '../engine/logic/user-context';
import { absent, validateRecord, writableFields } from '../engine/validation/validate-record';
import { recordValidator } from '../engine/validation/record-validator';
import { recordSchema, schemaKey } from '../engine/validation/record-schema';
import { compileSchema, validatorModule } from '../engine/validation/compile-schema-ajv';
import { findChromium } from '../scripts/ensure-chromium';

const ROOT = resolve(import.meta.dirname, '..');
/** The last commit with the hand-written interpreter (engine/validation/interpret-schema.ts). */
const BASELINE_COMMIT = '5611ef7';
const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const SECONDS = Number(option('seconds', '1'));
const BROWSER = !process.argv.includes('--no-browser');

// --- The largest form: the white label (89 fields), as localhost's record ----------------------
const declarations = loadDeclarations();
const registry = buildRegistry(declarations);
const ENTITY = 'white-label';
const entity = applyOverlay(getEntity(registry, ENTITY), []);
const defaults = Object.fromEntries(
  Object.entries(entity.schema.properties)
    .filter(([, p]) => p.default !== undefined)
    .map(([n, p]) => [n, structuredClone(p.default)]),
);
const valid: Record<string, unknown> = {
  ...defaults,
  ...JSON.parse(readFileSync(join(ROOT, 'white-labels/localhost.json'), 'utf8')),
};
// A record with five mistakes: a pattern, a length, two types (null for a yes/no, text for a yes/no), a nested format.
const invalid: Record<string, unknown> = {
  ...valid,
  domain: 'Mauvais Domaine!',
  siteTitle: 'x'.repeat(300),
  isActive: null,
  theme: { primary: 'rouge' },
  hasMenu: 'oui',
};
const user = ruleUser({ pk: 1, userType: 'administrator', group: 1 }, declarations.roles, []);
const ctx = { user, whiteLabel: { id: 1, domain: 'localhost', modules: {} } };
const catalogue = declarations.messages;
const fieldCount = entity.form.layout.sections.reduce((n, s) => n + s.fields.length, 0);

/** The values the schema step sees (what validateRecord passes to the compiled validator). */
function candidateOf(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of writableFields(entity, record, ctx))
    if (!absent(record[f], entity.schema.properties[f])) out[f] = record[f];
  return out;
}

/** Mean µs per call of `run`, over rounds of at least SECONDS each after a warm-up; the median round. */
function time(run: () => unknown): number {
  const rounds = 3;
  const perRound: number[] = [];
  for (let i = 0; i < 2_000; i++) run();
  for (let r = 0; r < rounds; r++) {
    let calls = 0;
    const start = process.hrtime.bigint();
    const end = start + BigInt(Math.round(SECONDS * 1e9));
    let now = start;
    while (now < end) {
      for (let i = 0; i < 200; i++) run();
      calls += 200;
      now = process.hrtime.bigint();
    }
    perRound.push(Number(now - start) / 1e3 / calls);
  }
  return perRound.sort((a, b) => a - b)[Math.floor(perRound.length / 2)];
}

/** Median ms of 15 runs of something slow (compilation), after 3 warm-up runs. */
function slowTime(run: () => unknown): number {
  for (let i = 0; i < 3; i++) run();
  const runs: number[] = [];
  for (let i = 0; i < 15; i++) {
    const start = process.hrtime.bigint();
    run();
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return runs.sort((a, b) => a - b)[7];
}

/** The interpreter as it was, taken from git history into a temporary folder. */
async function baselineInterpreter(
  dir: string,
): Promise<{ file: string; interpretSchema: (schema: object, value: unknown) => unknown[] }> {
  mkdirSync(join(dir, 'baseline'), { recursive: true });
  for (const f of ['interpret-schema.ts', 'formats.ts']) {
    writeFileSync(
      join(dir, 'baseline', f),
      execFileSync('git', ['show', `${BASELINE_COMMIT}:engine/validation/${f}`], { cwd: ROOT, encoding: 'utf8' }),
    );
  }
  const file = join(dir, 'baseline/interpret-schema.ts');
  return { file, ...(await import(pathToFileURL(file).href)) };
}

/** What the old validateRecord handed the interpreter: the present fields' properties, rebuilt on each call. */
function oldInputSchema(e: EffectiveEntity, fields: string[]): object {
  const properties: Record<string, unknown> = {};
  for (const f of fields) properties[f] = e.schema.properties[f];
  return { type: 'object', properties };
}

const fmt = (us: number) => (us >= 100 ? us.toFixed(0) : us >= 10 ? us.toFixed(1) : us.toFixed(2));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (text: string | Uint8Array) => gzipSync(text, { level: 9 }).length;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-validation-'));
  try {
    const propertyCount = Object.keys(entity.schema.properties).length;
    console.log(`Record validation — entity ${ENTITY}: ${fieldCount} form fields, ${propertyCount} properties`);
    console.log(
      `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; rounds of ${SECONDS} s, median of 3\n`,
    );
    const old = await baselineInterpreter(dir);
    const validate = recordValidator(entity);
    const lines: [string, string][] = [];
    for (const [name, record] of [
      ['valid record', valid],
      ['invalid record (5 errors)', invalid],
    ] as const) {
      const candidate = candidateOf(record);
      const fields = Object.keys(candidate);
      const oldErrors = old.interpretSchema(oldInputSchema(entity, fields), candidate).length;
      validate(candidate);
      const newErrors = validate.errors?.length ?? 0;
      lines.push([
        `${name}: schema step, old interpreter (${oldErrors} errors)`,
        fmt(time(() => old.interpretSchema(oldInputSchema(entity, fields), candidate))),
      ]);
      lines.push([`${name}: schema step, AJV compiled (${newErrors} errors)`, fmt(time(() => validate(candidate)))]);
      lines.push([
        `${name}: whole validateRecord (rules, checks, French messages) with AJV`,
        fmt(time(() => validateRecord({ entity, record, ctx, catalogue }))),
      ]);
    }
    console.log('Server, per write (µs per call):');
    for (const [label, value] of lines) console.log(`  ${label.padEnd(82)} ${value.padStart(8)}`);

    const schema = recordSchema(entity);
    const compileMs = slowTime(() => compileSchema(structuredClone(schema)));
    const moduleMs = slowTime(() => validatorModule(structuredClone(schema)));
    const code = `${validatorModule(schema)}export const schema = ${JSON.stringify(schemaKey(schema))};\n`;
    console.log(
      `\nCompile (once per effective schema): AJV compile ${compileMs.toFixed(2)} ms; ` +
        `standalone module ${moduleMs.toFixed(2)} ms, ${kb(code.length)} (${kb(gz(code))} gzipped)`,
    );

    // --- Weight of each browser option -------------------------------------------------------
    const bundle = async (contents: string) => {
      const out = await build({
        stdin: { contents, resolveDir: ROOT, loader: 'ts' },
        bundle: true,
        minify: true,
        format: 'esm',
        write: false,
        conditions: ['browser'],
        logLevel: 'silent',
      });
      return out.outputFiles[0].contents;
    };
    const runtime = await bundle(
      "export * from './engine/validation/formats'; " +
        "export { default as u } from 'ajv/dist/runtime/ucs2length'; " +
        "export { default as e } from 'ajv/dist/runtime/equal';",
    );
    const re2 = await bundle("export * from './engine/validation/safe-regexp';");
    const cfworker = await bundle(
      "export { Validator } from '@cfworker/json-schema'; export * from './engine/validation/formats';",
    );
    const interpreter = await bundle(`export * from ${JSON.stringify(old.file)};`);
    console.log('\nJavaScript for record validation in the browser (minified, gzipped), loaded with staff forms only:');
    console.log(
      `  AJV standalone: module for ${ENTITY} ${kb(gz(code))} + ` +
        `runtime (formats, ucs2length, equal) ${kb(gz(runtime))} + RE2 when the schema has a pattern ${kb(gz(re2))}`,
    );
    console.log(
      `  @cfworker/json-schema with the same formats: ${kb(gz(cfworker))} (patterns on the native RegExp engine)`,
    );
    console.log(`  old interpreter with its formats: ${kb(gz(interpreter))}`);

    if (!BROWSER) return;
    await browserBench(dir, code, old.file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Per keystroke in Chromium: the page is served with the application's Content-Security-Policy
 * (script-src 'self', no eval) and imports the validator module the server would serve.
 */
async function browserBench(dir: string, moduleCode: string, oldFile: string): Promise<void> {
  const entry = `
    import { validateRecord } from ${JSON.stringify(join(ROOT, 'engine/validation/validate-record.ts'))};
    import { registerValidator } from ${JSON.stringify(join(ROOT, 'engine/validation/compile-schema-precompiled.ts'))};
    import { recordSchema, schemaKey } from ${JSON.stringify(join(ROOT, 'engine/validation/record-schema.ts'))};
    import * as formats from ${JSON.stringify(join(ROOT, 'engine/validation/formats.ts'))};
    import * as regexp from ${JSON.stringify(join(ROOT, 'engine/validation/safe-regexp.ts'))};
    import ucs2length from 'ajv/dist/runtime/ucs2length';
    import equal from 'ajv/dist/runtime/equal';
    import { Validator, format } from '@cfworker/json-schema';
    import { interpretSchema } from ${JSON.stringify(oldFile)};
    const runtime = {
      'ajv/dist/runtime/ucs2length': { default: ucs2length },
      'ajv/dist/runtime/equal': { default: equal },
      'app:formats': formats,
      'app:regexp': regexp,
    };
    Object.assign(format, formats.FORMATS);
    function time(run, seconds) {
      for (let i = 0; i < 2000; i++) run();
      const rounds = [];
      for (let r = 0; r < 3; r++) {
        let calls = 0; const start = performance.now(); let now = start;
        while (now - start < seconds * 1000) {
          for (let i = 0; i < 100; i++) run();
          calls += 100;
          now = performance.now();
        }
        rounds.push((now - start) * 1000 / calls);
      }
      return rounds.sort((a, b) => a - b)[1];
    }
    window.run = async ({ entity, records, seconds }) => {
      const effective = { ...entity, hidden: new Set(), extraFields: new Set() };
      const schema = recordSchema(effective);
      const module = await import('/validator.js');
      if (module.schema !== schemaKey(schema)) throw new Error('module compiled for another schema');
      const validate = module.default((id) => runtime[id]);
      registerValidator(schemaKey(schema), validate);
      const cf = new Validator(schema, '2020-12', false);
      const out = {};
      for (const [name, { record, candidate }] of Object.entries(records)) {
        const oldSchema = {
          type: 'object',
          properties: Object.fromEntries(Object.keys(candidate).map((f) => [f, entity.schema.properties[f]])),
        };
        out[name] = {
          errors: [
            validate(candidate) ? 0 : validate.errors.length,
            cf.validate(candidate).errors.length,
            interpretSchema(oldSchema, candidate).length,
          ],
          ajv: time(() => validate(candidate), seconds),
          cfworker: time(() => cf.validate(candidate), seconds),
          old: time(() => interpretSchema({
            type: 'object',
            properties: Object.fromEntries(Object.keys(candidate).map((f) => [f, entity.schema.properties[f]])),
          }, candidate), seconds),
          whole: time(() => validateRecord({
            entity: effective, record, ctx: ${JSON.stringify(ctx)}, catalogue: window.catalogue,
          }), seconds),
        };
      }
      return out;
    };`;
  const built = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'esm',
    write: false,
    conditions: ['browser'],
    external: ['/validator.js'],
    logLevel: 'silent',
  });
  const files: Record<string, string> = {
    '/': '<!doctype html><meta charset="utf-8"><title>bench</title><script type="module" src="/bench.js"></script>',
    '/bench.js': built.outputFiles[0].text,
    '/validator.js': moduleCode,
  };
  const server = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body === undefined) {
      res.statusCode = 204;
      res.end();
      return;
    } // the favicon
    res.setHeader('content-type', req.url === '/' ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8');
    res.setHeader('content-security-policy', "default-src 'self'; script-src 'self'");
    res.end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: findChromium() ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') violations.push(m.text());
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => typeof (window as unknown as { run?: unknown }).run === 'function');
    await page.evaluate((c) => {
      (window as unknown as { catalogue: unknown }).catalogue = c;
    }, catalogue);
    const { hidden: _h, extraFields: _x, ...plain } = entity;
    const records = {
      valid: { record: valid, candidate: candidateOf(valid) },
      invalid: { record: invalid, candidate: candidateOf(invalid) },
    };
    const result = await page.evaluate(
      (args) =>
        (window as unknown as { run: (a: unknown) => Promise<Record<string, Record<string, number | number[]>>> }).run(
          args,
        ),
      { entity: plain, records, seconds: SECONDS },
    );
    const csp = violations.length ? `; console errors: ${violations.join(' | ')}` : ', no CSP violation';
    console.log(
      `\nChromium ${browser.version()}, per keystroke on the ${ENTITY} form ` +
        `(µs per call; the page has the strict CSP${csp}):`,
    );
    for (const [name, r] of Object.entries(result)) {
      const [a, c, o] = r.errors as number[];
      console.log(
        `  ${name.padEnd(8)} schema step: AJV standalone ${fmt(r.ajv as number).padStart(6)} (${a} errors) | ` +
          `@cfworker/json-schema ${fmt(r.cfworker as number).padStart(6)} (${c}) | ` +
          `old interpreter ${fmt(r.old as number).padStart(6)} (${o})`,
      );
      console.log(`  ${''.padEnd(8)} whole validateRecord with AJV standalone: ${fmt(r.whole as number)}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
