import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ariaProps } from './aria';
import { t } from '../../lib/messages';
import { loadCleaner } from '../SafeHtml';

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

type Cleaner = (html: string) => string;

/** HTML typed as text with a preview of what the server will keep (the same allow-list). */
export function HtmlWidget(props: WidgetProps) {
  const [preview, setPreview] = useState(false);
  const [clean, setClean] = useState<Cleaner | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!preview || clean) return undefined;
    let live = true;
    setFailed(false);
    loadCleaner().then(
      (c) => live && setClean(() => c),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [preview, clean]);
  const html = typeof props.value === 'string' ? props.value : '';
  const previewId = `${props.id}-preview`;
  return (
    <div className="html-widget">
      <TextareaWidget {...props} />
      <button
        type="button"
        className="link-button"
        aria-expanded={preview}
        aria-controls={previewId}
        onClick={() => setPreview((p) => !p)}
      >
        {t('ui.html_preview')}
      </button>
      {preview &&
        (clean ? (
          <div id={previewId} className="html-preview" dangerouslySetInnerHTML={{ __html: clean(html) }} />
        ) : (
          <p id={previewId} className="muted" role={failed ? 'alert' : 'status'}>
            {failed ? t('errors.page_load') : t('ui.loading')}
          </p>
        ))}
    </div>
  );
}
