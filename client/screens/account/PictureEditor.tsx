import { useEffect, useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { Dialog } from '../../shell/Dialog';
import { confirmAction } from '../../shell/confirm';
import { notify } from '../../shell/notifications';
import { t } from '../../lib/messages';
import type { ApiError } from '../../api/http';
import { at, savePicture } from './account-api';

const OUTPUT = 512;
const PREVIEW = 256;

interface Crop {
  zoom: number;
  x: number;
  y: number;
}

/** The square of the source image that the crop keeps, in source pixels. */
export function cropSquare(w: number, h: number, c: Crop) {
  const side = Math.min(w, h) / c.zoom;
  const sx = Math.min(Math.max(c.x * w - side / 2, 0), w - side);
  const sy = Math.min(Math.max(c.y * h - side / 2, 0), h - side);
  return { sx, sy, side };
}

function draw(canvas: HTMLCanvasElement, img: HTMLImageElement, c: Crop, size: number): void {
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext('2d')!;
  const { sx, sy, side } = cropSquare(img.naturalWidth, img.naturalHeight, c);
  // Transparent areas become white, since the result is a JPEG.
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, size, size);
  g.imageSmoothingQuality = 'high';
  g.drawImage(img, sx, sy, side, side, 0, 0, size, size);
}

/**
 * The profile picture: choose a file, frame it (zoom and position with sliders, or by dragging),
 * and the framed square is sent as a 512 × 512 JPEG. The original never leaves the browser.
 */
export function PictureEditor(props: {
  userPk: number;
  picture: string | null;
  name: string;
  onChange: (url: string | null) => void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0.5, y: 0.5 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (img && previewRef.current) draw(previewRef.current, img, crop, PREVIEW);
  }, [img, crop]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setError(null);
    if (!file) return;
    if (!['image/png', 'image/jpeg', 'image/webp'].includes(file.type)) {
      notify(at('accounts.picture.invalid'), 'error');
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setCrop({ zoom: 1, x: 0.5, y: 0.5 });
      setImg(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      notify(at('accounts.picture.invalid'), 'error');
    };
    image.src = url;
  };

  const close = () => {
    if (img) URL.revokeObjectURL(img.src);
    setImg(null);
    setError(null);
  };

  const save = async () => {
    if (!img || busy) return;
    const out = document.createElement('canvas');
    draw(out, img, crop, OUTPUT);
    setBusy(true);
    try {
      props.onChange(await savePicture(props.userPk, out.toDataURL('image/jpeg', 0.9)));
      notify(at('accounts.picture.saved'), 'success');
      close();
    } catch (err) {
      setError((err as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (
      !(await confirmAction(at('accounts.ui.picture_remove_confirm'), {
        confirm: at('accounts.ui.picture_remove'),
        destructive: true,
      }))
    )
      return;
    try {
      props.onChange(await savePicture(props.userPk, null));
      notify(at('accounts.picture.removed'), 'success');
    } catch (err) {
      notify((err as ApiError).message, 'error');
    }
  };

  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || !img) return;
    const { side } = cropSquare(img.naturalWidth, img.naturalHeight, crop);
    const scale = side / PREVIEW;
    const dx = ((e.clientX - drag.current.x) * scale) / img.naturalWidth;
    const dy = ((e.clientY - drag.current.y) * scale) / img.naturalHeight;
    drag.current = { x: e.clientX, y: e.clientY };
    setCrop((c) => ({ ...c, x: Math.min(1, Math.max(0, c.x - dx)), y: Math.min(1, Math.max(0, c.y - dy)) }));
  };

  const slider = (
    id: string,
    label: string,
    value: number,
    min: number,
    max: number,
    step: number,
    set: (v: number) => void,
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => set(Number(e.target.value))}
      />
    </div>
  );

  return (
    <div className="picture-editor">
      <span className="picture-current" aria-hidden={!props.picture}>
        {props.picture ? (
          <img src={props.picture} alt={at('accounts.ui.picture_alt', { name: props.name })} />
        ) : (
          <span className="picture-placeholder">{at('accounts.ui.picture_none')}</span>
        )}
      </span>
      <div className="picture-actions">
        <input
          ref={fileRef}
          id="picture-file"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          onChange={choose}
          tabIndex={-1}
          aria-label={at('accounts.ui.picture_add')}
        />
        <button type="button" className="button" onClick={() => fileRef.current?.click()}>
          {props.picture ? at('accounts.ui.picture_change') : at('accounts.ui.picture_add')}
        </button>
        {props.picture && (
          <button type="button" className="button button-light-danger" onClick={() => void remove()}>
            {at('accounts.ui.picture_remove')}
          </button>
        )}
        <p className="field-help">{at('accounts.ui.picture_help')}</p>
      </div>
      <Dialog
        open={Boolean(img)}
        title={at('accounts.ui.picture_crop_title')}
        onClose={close}
        actions={
          <>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void save()}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? t('ui.saving') : at('accounts.ui.picture_save')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('ui.cancel')}
            </button>
          </>
        }
      >
        <p className="field-help">{at('accounts.ui.picture_crop_help')}</p>
        {error && (
          <div className="notice notice-error" role="alert">
            {error}
          </div>
        )}
        <div className="crop-layout">
          <canvas
            ref={previewRef}
            className="crop-preview"
            width={PREVIEW}
            height={PREVIEW}
            role="img"
            aria-label={at('accounts.ui.picture_preview')}
            onPointerDown={(e) => {
              drag.current = { x: e.clientX, y: e.clientY };
              e.currentTarget.setPointerCapture(e.pointerId);
            }}
            onPointerMove={move}
            onPointerUp={() => {
              drag.current = null;
            }}
          />
          <div className="crop-controls">
            {slider('crop-zoom', at('accounts.ui.crop_zoom'), crop.zoom, 1, 4, 0.05, (zoom) =>
              setCrop((c) => ({ ...c, zoom })),
            )}
            {slider('crop-x', at('accounts.ui.crop_x'), Math.round(crop.x * 100), 0, 100, 1, (x) =>
              setCrop((c) => ({ ...c, x: x / 100 })),
            )}
            {slider('crop-y', at('accounts.ui.crop_y'), Math.round(crop.y * 100), 0, 100, 1, (y) =>
              setCrop((c) => ({ ...c, y: y / 100 })),
            )}
          </div>
        </div>
      </Dialog>
    </div>
  );
}
