import { useEffect, useState } from 'react';
import { fetchFileBlob } from './file-transfer';

/**
 * An image kept by the file storage, shown in the page. Downloads check the record's rights and
 * carry the session's token, which an <img src> cannot send: the image is read as a blob and shown
 * through an object URL, released when the component goes. Nothing is shown if it cannot be read
 * (the download button beside it says why).
 */
export function FileImage({ path, alt }: { path: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    fetchFileBlob(path).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url ? <img className="file-image" src={url} alt={alt} /> : null;
}
