import type { WidgetProps } from '@rjsf/utils';

/** The ids that describe a field (its help and its error), as the field template renders them. */
export function describedBy(props: Pick<WidgetProps, 'id' | 'rawErrors' | 'schema' | 'uiSchema'>): string | undefined {
  const ids: string[] = [];
  if (props.rawErrors?.length) ids.push(`${props.id}__error`);
  if (props.schema.description || props.uiSchema?.['ui:help']) ids.push(`${props.id}__description`);
  return ids.length ? ids.join(' ') : undefined;
}

export function ariaProps(props: WidgetProps) {
  return {
    'aria-invalid': props.rawErrors?.length ? true : undefined,
    'aria-describedby': describedBy(props),
    'aria-required': props.required || undefined,
  } as const;
}
