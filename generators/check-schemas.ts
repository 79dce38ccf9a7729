import { loadDeclarationFiles, toDeclarations } from '../server/schema/load-declarations';
import { checkDeclarations } from '../engine/schema/check-declarations';
import { validateAgainstMetaSchemas } from './validate-meta';

// `npm run check:schemas`: meta-schema validation and cross-reference checks, without writing.
const files = loadDeclarationFiles();
const problems = validateAgainstMetaSchemas(files);
if (problems.length === 0) problems.push(...checkDeclarations(toDeclarations(files)));
if (problems.length) {
  console.error(problems.map((p) => `- ${p}`).join('\n'));
  process.exit(1);
}
console.log('Schema files are valid.');
