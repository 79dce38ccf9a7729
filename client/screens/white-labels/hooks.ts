import { useCallback, useEffect, useState } from 'react';

/** A polite live-region message (moves, additions, saves), cleared first so that a repeat is read again. */
export function useAnnouncer(): [string, (text: string) => void] {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => {
    setMessage('');
    setTimeout(() => setMessage(text), 50);
  }, []);
  return [message, announce];
}

/** The browser asks before leaving the page while edits are not saved. */
export function useUnsavedWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
