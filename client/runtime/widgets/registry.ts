import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import type { PropertySchema } from '../../../engine/schema/types';
import { mainType } from '../../../engine/schema/columns';
import { TextWidget } from './TextWidget';
import { HtmlWidget, TextareaWidget } from './TextareaWidget';
import { NumberWidget } from './NumberWidget';
import { CheckboxWidget } from './CheckboxWidget';
import { SelectWidget } from './SelectWidget';
import { RelationMultiWidget, RelationWidget } from './RelationWidget';
import { StringListWidget } from './StringListWidget';
import { ColorWidget, DateTimeWidget, DateWidget, TimeWidget } from './DateTimeWidgets';
import { AddressWidget } from './AddressWidget';
import { CommunesWidget, DepartmentsWidget } from './TerritoryListWidget';
import { JsonField } from '../fields/JsonField';
import { FileField } from '../fields/FileField';
import { BlocksField } from '../fields/BlocksField';

/** Widgets by the names that form declarations and overlays may use. */
export const widgets: RegistryWidgetsType = {
  text: TextWidget,
  textarea: TextareaWidget,
  html: HtmlWidget,
  number: NumberWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  relation: RelationWidget,
  relationMulti: RelationMultiWidget,
  stringList: StringListWidget,
  'insee-codes': StringListWidget,
  communes: CommunesWidget,
  departments: DepartmentsWidget,
  address: AddressWidget,
  color: ColorWidget,
  datetime: DateTimeWidget,
  date: DateWidget,
  time: TimeWidget,
  // RJSF's own names, so that its internal fallbacks use ours.
  TextWidget,
  CheckboxWidget,
  SelectWidget,
  TextareaWidget,
};

/** Custom RJSF fields by the names build-form.ts puts in ui:field. */
export const fields: RegistryFieldsType = { json: JsonField, file: FileField, blocks: BlocksField };

type Tester = { widget: string; rank: (p: PropertySchema) => number };

// Ranked testers (the JSON Forms way): the highest rank wins; no switch on types.
const testers: Tester[] = [
  { widget: 'relationMulti', rank: (p) => (mainType(p) === 'array' && p['x-relation'] ? 10 : -1) },
  { widget: 'address', rank: (p) => (p.format === 'fr-address' ? 10 : -1) },
  { widget: 'relation', rank: (p) => (p['x-relation'] ? 9 : -1) },
  { widget: 'stringList', rank: (p) => (mainType(p) === 'array' ? 5 : -1) },
  { widget: 'select', rank: (p) => (p.enum ? 6 : -1) },
  { widget: 'color', rank: (p) => (p.format === 'color' ? 6 : -1) },
  { widget: 'datetime', rank: (p) => (p.format === 'date-time' ? 6 : -1) },
  { widget: 'date', rank: (p) => (p.format === 'date' ? 6 : -1) },
  { widget: 'time', rank: (p) => (p.format === 'time' ? 6 : -1) },
  { widget: 'html', rank: (p) => (p.format === 'html' ? 6 : -1) },
  { widget: 'textarea', rank: (p) => (p.format === 'textarea' || p.format === 'html-document' ? 6 : -1) },
  { widget: 'checkbox', rank: (p) => (mainType(p) === 'boolean' ? 3 : -1) },
  { widget: 'number', rank: (p) => (mainType(p) === 'number' || mainType(p) === 'integer' ? 3 : -1) },
  { widget: 'text', rank: () => 1 },
];

export function widgetFor(prop: PropertySchema, wanted?: string): string {
  if (wanted && widgets[wanted]) return wanted;
  let best = testers[testers.length - 1];
  let bestRank = -Infinity;
  for (const t of testers) {
    const r = t.rank(prop);
    if (r > bestRank) {
      best = t;
      bestRank = r;
    }
  }
  return best.widget;
}
