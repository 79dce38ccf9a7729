import { useRef, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import {
  acceptLabel,
  fileProblem,
  formatBytes,
  isFileRef,
  type FileRef,
  type FileSpec,
} from '../../../engine/files/file-ref';
import { t } from '../../lib/messages';
import { FileDownloadButton } from '../files/FileDownloadButton';
import { filePaths, uploadFile } from '../files/file-transfer';
import type { RecordData } from '../types';

/** What build-form.ts puts in the field's ui:options. */
export interface FileFieldOptions {
  apiPath: string;
  property: string;
  spec: FileSpec;
}

/** What the file field reads from the form around it (GenericEdit's EditFormContext). */
interface SavedRecord {
  /** The record as stored: its file can be downloaded while the field still points to it. */
  previous?: RecordData;
}

/**
 * A `format: file` property: choose a file (checked here against the declared types and size,
 * and again by the server), see its upload progress, then its name and size; replace, remove,
 * or download the stored one. The field's value is the reference the upload answered; the save
 * of the record attaches it (docs/files.md).
 */
export function FileField(props: FieldProps) {
  const { fieldPathId, formData, schema, uiSchema, readonly, disabled, registry, name } = props;
  const id = fieldPathId.$id;
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const options = (uiSchema?.['ui:options'] ?? {}) as unknown as { file?: FileFieldOptions };
  const file = options.file;
  const value: FileRef | null = isFileRef(formData) ? formData : null;
  const previous = (registry.formContext as SavedRecord | undefined)?.previous;
  const stored = previous && file && isFileRef(previous[file.property]) ? (previous[file.property] as FileRef) : null;
  const savedPk = typeof previous?.pk === 'number' ? previous.pk : undefined;
  const downloadPath =
    file && value && stored && stored.key === value.key
      ? filePaths(file.apiPath, file.property, savedPk).download
      : null;
  const locked = readonly || disabled || percent !== null;
  const accept = file?.spec.accept?.join(',');
  const limits = file?.spec.maxBytes
    ? file.spec.accept?.length
      ? t('ui.file.limits_types', { max: formatBytes(file.spec.maxBytes), accepted: acceptLabel(file.spec.accept) })
      : t('ui.file.limits', { max: formatBytes(file.spec.maxBytes) })
    : null;
  const error = problem ?? props.rawErrors?.[0] ?? null;
  const help = (uiSchema?.['ui:help'] as string | undefined) ?? schema.description;
  const describedBy = [help ? `${id}__help` : null, limits ? `${id}__limits` : null, error ? `${id}__error` : null]
    .filter(Boolean)
    .join(' ');

  const choose = async (chosen: File | undefined) => {
    if (!chosen || !file) return;
    const refused = fileProblem(
      file.spec,
      { name: chosen.name, contentType: chosen.type, size: chosen.size },
      Infinity,
    );
    if (refused) {
      setProblem(t(`validation.${refused.code}`, refused.params));
      return;
    }
    setProblem(null);
    setPercent(0);
    try {
      const ref = await uploadFile(filePaths(file.apiPath, file.property).upload, chosen, setPercent);
      props.onChange(ref as never, fieldPathId.path);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={`field file-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {schema.title ?? name}
        {props.required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        ref={input}
        id={id}
        name={fieldPathId.name ?? id}
        type="file"
        className="visually-hidden"
        accept={accept}
        disabled={locked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <div className="file-field-body">
        {value ? (
          <span className="file-field-name">
            {/* The stored file downloads; a new one exists only once the record is saved. */}
            {downloadPath ? <FileDownloadButton path={downloadPath} name={value.name} /> : value.name}{' '}
            <span className="muted">({formatBytes(value.size)})</span>
          </span>
        ) : (
          <span className="muted">{t('ui.file.none')}</span>
        )}
        {!readonly && !disabled && (
          <span className="file-field-actions">
            <button type="button" className="button" disabled={locked} onClick={() => input.current?.click()}>
              {value ? t('ui.file.replace') : t('ui.file.choose')}
            </button>
            {value && (
              <button
                type="button"
                className="button"
                disabled={locked}
                onClick={() => {
                  setProblem(null);
                  props.onChange(null as never, fieldPathId.path);
                }}
              >
                {t('ui.file.remove')}
              </button>
            )}
          </span>
        )}
      </div>
      {percent !== null && (
        <p className="file-field-progress" role="status">
          <progress max={100} value={percent} aria-label={t('ui.file.uploading', { percent })} />{' '}
          {t('ui.file.uploading', { percent })}
        </p>
      )}
      {help && (
        <p className="field-help" id={`${id}__help`}>
          {help}
        </p>
      )}
      {limits && (
        <p className="field-help" id={`${id}__limits`}>
          {limits}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}__error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
