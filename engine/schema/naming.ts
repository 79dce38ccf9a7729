// API keys are camelCase, columns snake_case (as in the reference platform's conversion rule:
// an underscore before a digit is kept, so local_help_1 <-> localHelp_1).

export function toSnake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function toCamel(name: string): string {
  return name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

export function toPascal(name: string): string {
  const camel = toCamel(name.replace(/-/g, '_'));
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

/** French-friendly slug: accents removed, lower case, words joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}
