/**
 * Path templates of prefix mappings: `{deviceIdentifier}/{yyyy}/{mm}/{dd}.csv.gz`,
 * `**\/part-*.csv.gz` and the like, matched against the rest of an object key after
 * `backfill/{organizationId}/{prefix}`. `*` matches any characters inside one path segment
 * (none included), `**` (a whole segment) any number of segments (none included).
 *
 * Matching cost is bounded whatever the key: each segment is matched atomically (once a segment
 * has matched, a later failure never re-splits it), a segment holds at most two variable-width
 * parts (`*`, `{deviceIdentifier}`) and a template at most two `**`, so a 1,024-byte key costs at
 * most about a million steps, never the exponential backtracking of a free-form pattern.
 */

const PLACEHOLDERS = {
  deviceIdentifier: '[^/]+',
  yyyy: '\\d{4}',
  mm: '\\d{2}',
  dd: '\\d{2}',
} as const;
type Placeholder = keyof typeof PLACEHOLDERS;

/** Fixed characters each placeholder needs at least (for the "can never match" length check). */
const PLACEHOLDER_MIN_CHARS: Record<Placeholder, number> = { deviceIdentifier: 1, yyyy: 4, mm: 2, dd: 2 };

/** Variable-width parts (`*`, `{deviceIdentifier}`) allowed in one segment. */
export const MAX_VARIABLE_PARTS_PER_SEGMENT = 2;
/** `**` segments allowed in one template. */
export const MAX_GLOBSTARS = 2;

export interface CompiledTemplate {
  pattern: RegExp;
  names: Placeholder[];
  hasIdentifier: boolean;
  hasDate: boolean;
  /** Whether the template has `*` or `**`. */
  hasWildcard: boolean;
  /** Fewest bytes of key text the template can match (its literal text plus the placeholders' minimum). */
  minBytes: number;
}

/** What a key yields: the device identifier when the template has it, the date when it has `{yyyy}/{mm}/{dd}`. */
export interface PathValues {
  deviceIdentifier?: string;
  /** Midnight UTC of the date in the path, epoch milliseconds. */
  dateMs?: number;
}

const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One segment (no `/`, not `**`) → its regex source; records the placeholders it uses. */
function compileSegment(segment: string, names: Placeholder[]): { source: string; minBytes: number } {
  let source = '';
  let minBytes = 0;
  let rest = segment;
  let variable = 0;
  let previous: 'literal' | 'variable' | 'fixed' | undefined;
  const literal = (text: string) => {
    for (const [i, part] of text.split('*').entries()) {
      if (i > 0) {
        if (previous === 'variable') throw new Error('--path: "*" next to {deviceIdentifier} leaves the identifier without an end; put a separator between them');
        source += '[^/]*';
        variable++;
        previous = 'variable';
      }
      if (part !== '') {
        source += escapeLiteral(part);
        minBytes += Buffer.byteLength(part, 'utf8');
        previous = 'literal';
      }
    }
  };
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const text = open === -1 ? rest : rest.slice(0, open);
    if (text.includes('}')) throw new Error('--path has a "}" without its "{"');
    literal(text);
    if (open === -1) break;
    const close = rest.indexOf('}', open);
    if (close === -1) throw new Error('--path has a "{" without its "}"');
    const name = rest.slice(open + 1, close);
    if (!(name in PLACEHOLDERS)) throw new Error(`--path: unknown placeholder {${name}}; use {deviceIdentifier}, {yyyy}, {mm}, {dd}, * or **`);
    const placeholder = name as Placeholder;
    if (names.includes(placeholder)) throw new Error(`--path uses {${name}} twice`);
    names.push(placeholder);
    if (placeholder === 'deviceIdentifier') {
      if (previous === 'variable') throw new Error('--path: "*" next to {deviceIdentifier} leaves the identifier without an end; put a separator between them');
      variable++;
      previous = 'variable';
    } else {
      previous = 'fixed';
    }
    source += `(?<${placeholder}>${PLACEHOLDERS[placeholder]})`;
    minBytes += PLACEHOLDER_MIN_CHARS[placeholder];
    rest = rest.slice(close + 1);
  }
  if (variable > MAX_VARIABLE_PARTS_PER_SEGMENT) {
    throw new Error(`--path: at most ${MAX_VARIABLE_PARTS_PER_SEGMENT} of "*" and {deviceIdentifier} in one path segment ("${segment.slice(0, 64)}")`);
  }
  return { source, minBytes };
}

/** Compiles a template; throws an operator-facing one-line `--path` message when it is malformed or can never match. */
export function compileTemplate(template: string): CompiledTemplate {
  const names: Placeholder[] = [];
  const segments = template.split('/');
  if (segments.length > 1 && segments.at(-1) === '') throw new Error('--path can never match a file: it ends with "/"');
  let source = '';
  let minBytes = 0;
  let globstars = 0;
  let hasWildcard = false;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      if (segments[i - 1] === '**') throw new Error('--path: "**/**" is the same as "**"; write it once');
      globstars++;
      hasWildcard = true;
      // Zero or more whole segments, each with its "/"; at the end, whatever is left of the key.
      source += last ? '[\\s\\S]*' : '(?:[^/]*/)*';
      return;
    }
    if (segment.includes('**')) throw new Error(`--path: "**" must be a whole path segment, as in "exports/**/part-*.csv.gz" (got "${segment.slice(0, 64)}")`);
    if (segment.includes('*')) hasWildcard = true;
    const compiled = compileSegment(segment, names);
    minBytes += compiled.minBytes + (last ? 0 : 1);
    // Atomic: the lookahead matches the whole segment once; the back-reference consumes it, never re-split.
    source += `(?=(?<s${i}>${compiled.source})(?:/|$))\\k<s${i}>${last ? '' : '/'}`;
  });
  if (globstars > MAX_GLOBSTARS) throw new Error(`--path: at most ${MAX_GLOBSTARS} "**" segments`);
  const dateParts = names.filter((n) => n === 'yyyy' || n === 'mm' || n === 'dd').length;
  if (dateParts !== 0 && dateParts !== 3) throw new Error('--path must use {yyyy}, {mm} and {dd} together, or none of them');
  return {
    pattern: new RegExp(`^${source}$`),
    names,
    hasIdentifier: names.includes('deviceIdentifier'),
    hasDate: dateParts === 3,
    hasWildcard,
    minBytes,
  };
}

/**
 * Matches the rest of a key against a template: the values it yields, `undefined` when the key
 * does not match, or `{ badDate: true }` when it matches but the date does not exist (2024/02/30).
 */
export function matchTemplate(compiled: CompiledTemplate, rest: string): PathValues | { badDate: true } | undefined {
  const match = compiled.pattern.exec(rest);
  if (!match) return undefined;
  const values = (match.groups ?? {}) as Partial<Record<Placeholder, string>>;
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
