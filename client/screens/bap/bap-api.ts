/** A French message from an API failure (its field errors when there are). */
export function failureText(e: unknown): string {
  const err = e as { message?: string; errors?: { message: string }[] };
  const fields = (err.errors ?? []).map((x) => x.message);
  return fields.length ? fields.join(' ') : (err.message ?? 'Une erreur est survenue.');
}
