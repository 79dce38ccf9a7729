import { useMemo, useState } from 'react';
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { validator } from '../../runtime/rjsf-validator';
import { widgets } from '../../runtime/widgets/registry';
import { templates, type FormLayoutContext } from '../../runtime/templates';
import { translateString } from '../../runtime/translate-string';

export interface Commune {
  inseeCode: string;
  name: string;
  postcode: string;
}

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    commune: { type: 'string', title: 'Commune' },
    inseecode: { type: 'string' },
    city: { type: 'string' },
    postcode: { type: 'string' },
  },
};

const uiSchema: UiSchema = {
  commune: {
    'ui:widget': 'address',
    'ui:placeholder': 'Ex. : Grenoble, 38000',
    'ui:help': 'Saisissez le nom ou le code postal de votre commune, puis choisissez-la dans la liste.',
    'ui:options': {
      type: 'municipality',
      minChars: 3,
      locate: false,
      fills: { citycode: 'inseecode', city: 'city', postcode: 'postcode' },
    },
  },
  inseecode: { 'ui:widget': 'hidden' },
  city: { 'ui:widget': 'hidden' },
  postcode: { 'ui:widget': 'hidden' },
};

/**
 * The commune of the visitor through the platform's address field (which answers from the local
 * commune data when the national service is out of reach): choosing a suggestion gives its INSEE code.
 */
export function CommunePicker({ onChoose }: { onChoose: (commune: Commune | null) => void }) {
  const [data, setData] = useState<Record<string, unknown>>({});
  const formContext = useMemo<FormLayoutContext & { setFields: (p: Record<string, unknown>) => void }>(
    () => ({
      layout: { kind: 'panels', sections: [{ id: 'booking-commune', title: 'Votre commune', fields: ['commune'] }] },
      errorFields: new Set(),
      setFields: (patch) => {
        setData((d) => ({ ...d, ...patch }));
        const insee = patch.inseecode;
        if (typeof insee === 'string' && insee)
          onChoose({
            inseeCode: insee,
            name: String(patch.city ?? patch.commune ?? ''),
            postcode: String(patch.postcode ?? ''),
          });
      },
    }),
    [onChoose],
  );
  return (
    <Form
      className="booking-commune"
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      validator={validator}
      noValidate
      noHtml5Validate
      showErrorList={false}
      widgets={widgets}
      templates={templates}
      formContext={formContext}
      translateString={translateString}
      idPrefix="commune"
      onChange={(e) => {
        const next = (e.formData ?? {}) as Record<string, unknown>;
        // Typing again forgets the commune chosen before.
        if (next.commune !== data.commune && next.inseecode === data.inseecode && data.inseecode) {
          setData({ commune: next.commune });
          onChoose(null);
          return;
        }
        setData(next);
      }}
      onSubmit={() => undefined}
    >
      <span />
    </Form>
  );
}
