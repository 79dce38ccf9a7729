import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { t } from '../../lib/messages';

export function TextareaWidget(props: WidgetProps) {
  return (
    <textarea
      id={props.id}
      name={props.htmlName ?? props.id}
      value={typeof props.value === 'string' ? props.value : ''}
      rows={typeof props.options.rows === 'number' ? props.options.rows : 5}
      placeholder={props.placeholder}
      autoFocus={props.autofocus}
      disabled={props.disabled}
      readOnly={props.readonly}
      maxLength={typeof props.schema.maxLength === 'number' ? props.schema.maxLength : undefined}
      onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
      {...ariaProps(props)}
    />
  );
}

/** HTML typed as text with a preview; the server keeps only safe markup. */
export function HtmlWidget(props: WidgetProps) {
  const [preview, setPreview] = useState(false);
  return (
    <div className="html-widget">
      <TextareaWidget {...props} />
      <button type="button" className="link-button" aria-expanded={preview} onClick={() => setPreview((p) => !p)}>{t('ui.html_preview')}</button>
      {preview && <div className="html-preview" dangerouslySetInnerHTML={{ __html: typeof props.value === 'string' ? props.value.replace(/<script[\s\S]*?<\/script>/gi, '').replace(/\son\w+="[^"]*"/gi, '') : '' }} />}
    </div>
  );
}
