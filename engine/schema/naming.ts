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
