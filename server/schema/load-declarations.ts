import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type {
  Declarations,
  EntitySchema,
  FormDeclaration,
  ImportDeclaration,
  MenuDeclaration,
  ModuleDeclaration,
  RolesDeclaration,
  RoutesDeclaration,
} from '../../engine/schema/types';
import type { WorkflowDeclaration } from '../../engine/workflow/workflow-types';

export const SCHEMAS_DIR = resolve(import.meta.dirname, '../../schemas');

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
}

function jsonFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => join(dir, f));
}

export interface LoadedFile<T> {
  file: string;
  data: T;
}

/** Reads every declaration under schemas/ (file order is alphabetical, so output is stable). */
export function loadDeclarationFiles(dir = SCHEMAS_DIR) {
  return {
    entities: jsonFiles(join(dir, 'entities'), '.schema.json').map((file) => ({
      file,
      data: readJson<EntitySchema>(file),
    })),
    forms: jsonFiles(join(dir, 'forms'), '.ui.json').map((file) => ({ file, data: readJson<FormDeclaration>(file) })),
    menus: jsonFiles(join(dir, 'menus'), '.menu.json').map((file) => ({ file, data: readJson<MenuDeclaration>(file) })),
    routes: jsonFiles(join(dir, 'routes'), '.routes.json').map((file) => ({
      file,
      data: readJson<RoutesDeclaration>(file),
    })),
    modules: jsonFiles(join(dir, 'modules'), '.module.json').map((file) => ({
      file,
      data: readJson<ModuleDeclaration>(file),
    })),
    roles: { file: join(dir, 'roles.json'), data: readJson<RolesDeclaration>(join(dir, 'roles.json')) },
    messages: jsonFiles(join(dir, 'messages/fr'), '.json').map((file) => ({
      file,
      data: readJson<Record<string, string>>(file),
    })),
    imports: jsonFiles(join(dir, 'imports'), '.import.json').map((file) => ({
      file,
      data: readJson<ImportDeclaration>(file),
    })),
    workflows: jsonFiles(join(dir, 'workflows'), '.workflow.json').map((file) => ({
      file,
      data: readJson<WorkflowDeclaration>(file),
    })),
    others: [...jsonFiles(join(dir, 'simulators'), '.schema.json')].map((file) => ({
      file,
      data: readJson<Record<string, unknown>>(file),
    })),
  };
}

export type DeclarationFiles = ReturnType<typeof loadDeclarationFiles>;

export function toDeclarations(files: DeclarationFiles): Declarations {
  const messages: Record<string, string> = {};
  for (const m of files.messages) Object.assign(messages, m.data);
  const others: Record<string, Record<string, unknown>> = {};
  for (const o of files.others) others[String(o.data.$id ?? o.file)] = o.data;
  return {
    entities: files.entities.map((e) => e.data),
    forms: files.forms.map((f) => f.data),
    menus: files.menus.map((m) => m.data),
    routes: files.routes.map((r) => r.data),
    modules: files.modules.map((m) => m.data),
    roles: files.roles.data,
    messages,
    others,
    imports: files.imports.map((i) => i.data),
    workflows: files.workflows.map((w) => w.data),
  };
}

export function loadDeclarations(dir = SCHEMAS_DIR): Declarations {
  return toDeclarations(loadDeclarationFiles(dir));
}
