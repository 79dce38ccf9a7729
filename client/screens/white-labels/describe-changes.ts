import type { OverlayOp } from '../../../engine/schema/overlay-types';
import type { EntityMeta } from '../../runtime/types';
import { effectiveField, fieldTitle, fromOps, type FormModel } from './form-model';
import { kindLabel, kindOf } from './extra-field';
import { wt } from './i18n';

const quoted = (text: string) => text || wt('white-labels.diff.empty');

function describeOp(base: EntityMeta, o: OverlayOp): string {
  const name = wt(`white-labels.op.${o.op}`);
  const target =
    'field' in o
      ? (base.schema.properties[o.field]?.title ?? o.field)
      : 'key' in o
        ? o.key
        : 'entry' in o
          ? o.entry
          : '';
  return target ? `${name} (${target})` : name;
}

function fieldChanges(base: EntityMeta, a: FormModel, b: FormModel, name: string): string[] {
  const before = effectiveField(base, a, name);
  const after = effectiveField(base, b, name);
  const field = fieldTitle(base, a, name);
  const out: string[] = [];
  if (before.title !== after.title)
    out.push(wt('white-labels.diff.label', { field, before: before.title, after: after.title }));
  if (before.help !== after.help)
    out.push(wt('white-labels.diff.help', { field, before: quoted(before.help), after: quoted(after.help) }));
  if (before.hidden !== after.hidden)
    out.push(wt(after.hidden ? 'white-labels.diff.hidden' : 'white-labels.diff.shown', { field }));
  if (before.required !== after.required)
    out.push(wt(after.required ? 'white-labels.diff.required' : 'white-labels.diff.optional', { field }));
  return out;
}

/** What changes from one version of an entity's overlay to another, in French, one line per change. */
export function describeFormChanges(base: EntityMeta, beforeOps: OverlayOp[], afterOps: OverlayOp[]): string[] {
  const a = fromOps(base, beforeOps);
  const b = fromOps(base, afterOps);
  const out: string[] = [];
  const sectionTitle = (m: FormModel, f: string) => m.sections.find((s) => s.fields.includes(f))?.title ?? '';

  for (const [name, x] of Object.entries(b.extras)) {
    if (a.extras[name]) continue;
    out.push(
      wt('white-labels.diff.added', {
        field: x.schema.title,
        kind: kindLabel(kindOf(x.schema)),
        required: x.required ? wt('white-labels.diff.added_required') : '',
        section: sectionTitle(b, name),
      }),
    );
  }
  for (const [name, x] of Object.entries(a.extras))
    if (!b.extras[name]) out.push(wt('white-labels.diff.removed', { field: x.schema.title }));

  const names = [...new Set([...a.sections.flatMap((s) => s.fields), ...b.sections.flatMap((s) => s.fields)])];
  for (const name of names) {
    const inA = Boolean(a.extras[name]) || Boolean(base.schema.properties[name]);
    const inB = Boolean(b.extras[name]) || Boolean(base.schema.properties[name]);
    if (!inA || !inB) continue;
    out.push(...fieldChanges(base, a, b, name));
    const xa = a.extras[name];
    const xb = b.extras[name];
    if (xa && xb) {
      const { title: _ta, description: _da, ...restA } = xa.schema;
      const { title: _tb, description: _db, ...restB } = xb.schema;
      if (JSON.stringify(restA) !== JSON.stringify(restB))
        out.push(wt('white-labels.diff.extra_changed', { field: xb.schema.title }));
    }
  }

  for (const section of b.sections) {
    const other = a.sections.find((s) => s.id === section.id);
    if (!other) continue;
    const common = section.fields.filter((f) => other.fields.includes(f));
    const before = other.fields.filter((f) => section.fields.includes(f));
    if (common.join() !== before.join()) {
      out.push(
        wt('white-labels.diff.order', {
          section: section.title,
          fields: common.map((f) => effectiveField(base, b, f).title).join(', '),
        }),
      );
    }
  }

  // Columns compare by field (a relabelled field is reported once, as a label change).
  const columns = (m: FormModel) => m.listColumns ?? base.list.columns;
  const titles = (m: FormModel) =>
    columns(m)
      .map((c) => effectiveField(base, m, c).title)
      .join(', ');
  if (columns(a).join() !== columns(b).join())
    out.push(wt('white-labels.diff.columns', { before: titles(a), after: titles(b) }));

  const key = (o: OverlayOp) => JSON.stringify(o);
  const othersA = new Set(a.others.map(key));
  const othersB = new Set(b.others.map(key));
  for (const o of b.others)
    if (!othersA.has(key(o))) out.push(wt('white-labels.diff.other_added', { op: describeOp(base, o) }));
  for (const o of a.others)
    if (!othersB.has(key(o))) out.push(wt('white-labels.diff.other_removed', { op: describeOp(base, o) }));
  return out;
}

interface MenuState {
  hidden: Set<string>;
  labels: Map<string, string>;
  orders: Map<string, number>;
}

function menuState(ops: OverlayOp[]): MenuState {
  const state: MenuState = { hidden: new Set(), labels: new Map(), orders: new Map() };
  for (const o of ops) {
    if (o.op === 'menuHide') state.hidden.add(o.entry);
    else if (o.op === 'menuLabel') state.labels.set(o.entry, o.value);
    else if (o.op === 'menuOrder') state.orders.set(o.entry, o.value);
  }
  return state;
}

/** The same for the menus: entries hidden, shown again, renamed or moved. */
export function describeMenuChanges(
  baseLabels: Map<string, string>,
  beforeOps: OverlayOp[],
  afterOps: OverlayOp[],
): string[] {
  const a = menuState(beforeOps);
  const b = menuState(afterOps);
  const ids = [
    ...new Set([
      ...a.hidden,
      ...b.hidden,
      ...a.labels.keys(),
      ...b.labels.keys(),
      ...a.orders.keys(),
      ...b.orders.keys(),
    ]),
  ];
  const out: string[] = [];
  for (const id of ids) {
    const entry = baseLabels.get(id) ?? id;
    if (a.hidden.has(id) !== b.hidden.has(id))
      out.push(wt(b.hidden.has(id) ? 'white-labels.diff.menu_hidden' : 'white-labels.diff.menu_shown', { entry }));
    const la = a.labels.get(id) ?? entry;
    const lb = b.labels.get(id) ?? entry;
    if (la !== lb) out.push(wt('white-labels.diff.menu_label', { entry, before: la, after: lb }));
    if (a.orders.get(id) !== b.orders.get(id)) out.push(wt('white-labels.diff.menu_moved', { entry }));
  }
  return out;
}
