/**
 * Path templates of prefix mappings: `{deviceIdentifier}/{yyyy}/{mm}/{dd}.csv.gz` and the like,
 * matched against the rest of an object key after `backfill/{organizationId}/{prefix}`.
 */

const PLACEHOLDERS = {
  deviceIdentifier: '([^/]+)',
  yyyy: '(\\d{4})',
  mm: '(\\d{2})',
  dd: '(\\d{2})',
} as const;
type Placeholder = keyof typeof PLACEHOLDERS;

export interface CompiledTemplate {
  pattern: RegExp;
  names: Placeholder[];
  hasIdentifier: boolean;
  hasDate: boolean;
}

/** What a key yields: the device identifier when the template has it, the date when it has `{yyyy}/{mm}/{dd}`. */
export interface PathValues {
  deviceIdentifier?: string;
  /** Midnight UTC of the date in the path, epoch milliseconds. */
  dateMs?: number;
}

/** Compiles a template; throws an operator-facing `--path` message when it is malformed. */
export function compileTemplate(template: string): CompiledTemplate {
  const names: Placeholder[] = [];
  let source = '';
  let rest = template;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const literal = open === -1 ? rest : rest.slice(0, open);
    if (literal.includes('}')) throw new Error('--path has a "}" without its "{"');
    source += literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (open === -1) break;
    const close = rest.indexOf('}', open);
    if (close === -1) throw new Error('--path has a "{" without its "}"');
    const name = rest.slice(open + 1, close);
    if (!(name in PLACEHOLDERS)) throw new Error(`--path: unknown placeholder {${name}}; use {deviceIdentifier}, {yyyy}, {mm}, {dd}`);
    if (names.includes(name as Placeholder)) throw new Error(`--path uses {${name}} twice`);
    names.push(name as Placeholder);
    source += PLACEHOLDERS[name as Placeholder];
    rest = rest.slice(close + 1);
  }
  const dateParts = names.filter((n) => n === 'yyyy' || n === 'mm' || n === 'dd').length;
  if (dateParts !== 0 && dateParts !== 3) throw new Error('--path must use {yyyy}, {mm} and {dd} together, or none of them');
  return { pattern: new RegExp(`^${source}$`), names, hasIdentifier: names.includes('deviceIdentifier'), hasDate: dateParts === 3 };
}

/**
 * Matches the rest of a key against a template: the values it yields, `undefined` when the key
 * does not match, or `{ badDate: true }` when it matches but the date does not exist (2024/02/30).
 */
export function matchTemplate(compiled: CompiledTemplate, rest: string): PathValues | { badDate: true } | undefined {
  const match = compiled.pattern.exec(rest);
  if (!match) return undefined;
  const values: Partial<Record<Placeholder, string>> = {};
  compiled.names.forEach((name, i) => {
    values[name] = match[i + 1];
  });
  const result: PathValues = {};
  if (values.deviceIdentifier !== undefined) result.deviceIdentifier = values.deviceIdentifier;
  if (compiled.hasDate) {
    const [y, m, d] = [Number(values.yyyy), Number(values.mm), Number(values.dd)];
    const ms = Date.UTC(y, m - 1, d);
    const check = new Date(ms);
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return { badDate: true };
    result.dateMs = ms;
  }
  return result;
}

/** The mapping whose prefix is the longest one the rest of the key starts with. */
export function longestPrefixMatch<T extends { prefix: string }>(mappings: readonly T[], rest: string): T | undefined {
  let best: T | undefined;
  for (const mapping of mappings) {
    if (rest.startsWith(mapping.prefix) && (!best || mapping.prefix.length > best.prefix.length)) best = mapping;
  }
  return best;
}
