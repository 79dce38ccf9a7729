import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReferenceData } from '../reference/types';

// Tests read the fixture the way the server will: parse it once and pass it to the engine.
const fixturePath = fileURLToPath(new URL('../../../fixtures/reference/energies-reference-data.json', import.meta.url));

export const referenceData: ReferenceData = JSON.parse(readFileSync(fixturePath, 'utf8')) as ReferenceData;

/** A deep copy the test may alter without touching the shared (and indexed) object. */
export function copyOfReferenceData(): ReferenceData {
  return structuredClone(referenceData) as ReferenceData;
}

export function systemId(identifier: string): number {
  const system = referenceData.productionSystems.find((candidate) => candidate.identifier === identifier);
  if (!system) throw new Error(`no system ${identifier} in the fixture`);
  return system.id;
}
