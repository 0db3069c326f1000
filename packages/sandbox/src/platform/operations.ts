/**
 * What a token's operations permit, in the emulator. The platform reads operations as regular
 * expressions; its engine is not shown. The emulator matches them with RE2 (re2js, a pure-JS port
 * of Google's linear-time engine), never with JavaScript's backtracking RegExp, so no token can
 * make one request hold the server: `POST /payins/(a+)+$` against a long id is linear, and
 * patterns RE2 cannot compile (lookarounds, backreferences) are refused when the token is issued.
 * So are Unicode classes (`\pL`): paths are matched as sent, percent-encoded ASCII, so they could
 * match nothing there, and they are the costliest thing to compile.
 *
 * Linear is not enough on its own: the cost of a match grows with the compiled program times the
 * text, and compiling itself grows with counted repetitions (`(.{0,30}){30}`). So the size of each
 * pattern is bounded, estimated from its text before anything is compiled, then measured.
 *
 * The browser's reading of operations (src/api/token.ts) is separate: this module is the
 * emulator's alone and never reaches the bundle.
 */
import { RE2JS } from 're2js';
import { literalOperation } from '../shared.js';
import type { FieldDetail } from '../refusals.js';

/** At most this many operations in one token. */
export const MAX_OPERATIONS = 64;
/** At most this many characters in one operation. */
export const MAX_OPERATION_LENGTH = 512;
/**
 * The regular-expression operations of one token together compile to at most this many RE2
 * instructions. `POST /payins/.*` takes 19, a UUID pattern 53. Within this size and
 * MAX_MATCHED_LINE, the slowest of some 4,000 generated patterns matched a fresh line in under
 * 3 ms, and compiled in about 1 ms (2-core development machine).
 */
export const MAX_PATTERN_SIZE = 200;
/**
 * Request lines longer than this are compared with literal operations only (by-action tokens are
 * literal). Every ASCII identifier (at most 128 characters) fits with room to spare; only a long
 * identifier of percent-encoded non-ASCII text goes beyond.
 */
export const MAX_MATCHED_LINE = 512;

/** `post /x` names the same requests as `POST /x`, as the browser reads it (src/api/token.ts). */
const upperMethod = (operation: string) => operation.replace(/^[a-z]+(?= )/i, (method) => method.toUpperCase());

type Compiled =
  | { kind: 'literal'; text: string }
  | { kind: 'pattern'; pattern: RE2JS; size: number }
  | { kind: 'refused'; reason: string };

/**
 * An upper estimate of the RE2 program of a pattern, from its text alone: atoms count one, groups
 * and quantifiers a little more, and a counted repetition multiplies what it repeats. It only
 * keeps the compiler from starting on a pattern far too large; the real size is checked after.
 */
function estimatedSize(source: string): number {
  const frames: { total: number; last: number }[] = [{ total: 0, last: 0 }];
  const top = () => frames[frames.length - 1]!;
  const atom = (weight: number) => {
    top().total += weight;
    top().last = weight;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      const next = source[i + 1];
      if (next === 'Q') {
        const end = source.indexOf('\\E', i + 2);
        const literal = end < 0 ? source.length - i - 2 : end - i - 2;
        i = end < 0 ? source.length : end + 1;
        atom(literal);
      } else {
        if ((next === 'p' || next === 'P' || next === 'x') && source[i + 2] === '{')
          i = Math.max(i + 1, source.indexOf('}', i));
        else i++;
        atom(1);
      }
    } else if (ch === '[') {
      let j = i + 1;
      if (source[j] === '^') j++;
      if (source[j] === ']') j++;
      while (j < source.length && source[j] !== ']')
        j += source[j] === '\\' ? 2 : source.startsWith('[:', j) ? Math.max(1, source.indexOf(':]', j) + 2 - j) : 1;
      i = j;
      atom(1);
    } else if (ch === '(') {
      frames.push({ total: 0, last: 0 });
    } else if (ch === ')') {
      if (frames.length > 1) {
        const group = frames.pop()!;
        atom(group.total + 2);
      }
    } else if (ch === '|') {
      top().total += 1;
      top().last = 0;
    } else if (ch === '*' || ch === '+' || ch === '?') {
      top().total += 1;
    } else if (ch === '{') {
      const counted = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!counted) {
        atom(1);
        continue;
      }
      const min = Number(counted[1]);
      const max = counted[2] ? (counted[3] ? Number(counted[3]) : min + 1) : min;
      const times = Math.max(min, max, 1);
      top().total += top().last * (times - 1) + times;
      top().last *= times;
      i += counted[0].length - 1;
    } else {
      atom(1);
    }
  }
  while (frames.length > 1) {
    const group = frames.pop()!;
    top().total += group.total;
  }
  return top().total;
}

/** Over this estimate a pattern is refused before the compiler starts on it. */
const ESTIMATE_LIMIT = MAX_PATTERN_SIZE * 2;
const LONG = `is longer than ${MAX_OPERATION_LENGTH} characters`;
const TOO_LARGE = `is a pattern too large to match in bounded time (over ${MAX_PATTERN_SIZE} RE2 instructions); write it with fewer counted repetitions`;

function compileOperation(operation: string): Compiled {
  if (operation.length > MAX_OPERATION_LENGTH) return { kind: 'refused', reason: LONG };
  const literal = literalOperation(operation);
  if (literal !== undefined) return { kind: 'literal', text: literal };
  if (estimatedSize(operation) > ESTIMATE_LIMIT) return { kind: 'refused', reason: TOO_LARGE };
  let pattern: RE2JS;
  try {
    pattern = RE2JS.compile(`^(?:${upperMethod(operation)})$`, RE2JS.DISABLE_UNICODE_GROUPS);
  } catch (error) {
    const why = (error as Error).message.replace(/^error parsing regexp: /, '');
    return {
      kind: 'refused',
      reason: `is not a regular expression the platform accepts (RE2 syntax, without lookarounds, backreferences or Unicode classes): ${why}`,
    };
  }
  const size = programSize(pattern);
  if (size > MAX_PATTERN_SIZE) return { kind: 'refused', reason: TOO_LARGE };
  return { kind: 'pattern', pattern, size };
}

/** Instructions of the compiled program (re2js keeps it on its RE2 object). */
function programSize(pattern: RE2JS): number {
  const prog = (pattern.re2() as { prog?: { numInst?: () => number } }).prog;
  return prog?.numInst?.() ?? pattern.pattern().length * 4;
}

/** Compiled operations, shared by every token that names them; bounded, oldest dropped first. */
const compiled = new Map<string, Compiled>();
const COMPILED_LIMIT = 2048;

function compiledOperation(operation: string): Compiled {
  let entry = compiled.get(operation);
  if (!entry) {
    entry = compileOperation(operation);
    // Operations too long to be used are not kept: the cache stays small whatever tokens say.
    if (operation.length > MAX_OPERATION_LENGTH) return entry;
    if (compiled.size >= COMPILED_LIMIT) compiled.delete(compiled.keys().next().value!);
    compiled.set(operation, entry);
  }
  return entry;
}

/**
 * Whether one operation permits `METHOD path`: the operation as literal text, or as a pattern
 * matching the whole request line. An operation that cannot be used permits nothing.
 */
export function operationPermits(operation: string, method: string, path: string): boolean {
  const line = `${method.toUpperCase()} ${path}`;
  if (upperMethod(operation) === line) return true;
  const entry = compiledOperation(operation);
  if (entry.kind === 'literal') return entry.text === line;
  if (entry.kind === 'refused' || line.length > MAX_MATCHED_LINE) return false;
  return entry.pattern.testExact(line);
}

/**
 * Why a token could not carry these operations: one detail per operation refused, or one for the
 * whole list when its patterns together are too large.
 */
export function operationsProblems(operations: readonly string[]): FieldDetail[] {
  if (operations.length > MAX_OPERATIONS)
    return [{ field: 'operations', message: `must have at most ${MAX_OPERATIONS} items` }];
  const tooLarge = (size: string) => [
    {
      field: 'operations',
      message: `its patterns together are too large to match in bounded time (${size} RE2 instructions, at most ${MAX_PATTERN_SIZE})`,
    },
  ];
  // Estimates first, each and together: a hostile list is refused before anything is compiled.
  const details: FieldDetail[] = [];
  let estimate = 0;
  operations.forEach((operation, index) => {
    if (operation.length > MAX_OPERATION_LENGTH) details.push({ field: `operations.${index}`, message: LONG });
    else if (literalOperation(operation) === undefined) {
      const size = estimatedSize(operation);
      if (size > ESTIMATE_LIMIT) details.push({ field: `operations.${index}`, message: TOO_LARGE });
      estimate += size;
    }
  });
  if (details.length) return details;
  if (estimate > ESTIMATE_LIMIT) return tooLarge(`about ${estimate}`);
  let total = 0;
  operations.forEach((operation, index) => {
    const entry = compiledOperation(operation);
    if (entry.kind === 'refused') details.push({ field: `operations.${index}`, message: entry.reason });
    if (entry.kind === 'pattern') total += entry.size;
  });
  return details.length || total <= MAX_PATTERN_SIZE ? details : tooLarge(String(total));
}
