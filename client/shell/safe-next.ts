/** Only paths of this site are followed after sign-in (no open redirect through `next`). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || /[\u0000-\u001f]/.test(next))
    return null;
  return next;
}
