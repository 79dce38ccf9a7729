import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deleteWarnings, recordActions } from './record-actions';

// A name declared in x-entity.screens that no component answers would silently show nothing.
const dir = join(import.meta.dirname, '../../schemas/entities');
const screens = readdirSync(dir)
  .filter((f) => f.endsWith('.schema.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))['x-entity']?.screens ?? {});

describe('record actions declared by entities', () => {
  it('are all registered, and the slot declares « Dupliquer » and its delete warning', () => {
    const actions = screens.flatMap((s) => (s.actions ?? []) as { name: string }[]).map((a) => a.name);
    const warnings = screens.map((s) => s.deleteWarning as string | undefined).filter(Boolean);
    expect(actions).toContain('slotDuplicate');
    expect(warnings).toContain('slotAppointments');
    for (const name of actions) expect(recordActions, name).toHaveProperty(name);
    for (const name of warnings) expect(deleteWarnings, name!).toHaveProperty(name!);
  });
});
