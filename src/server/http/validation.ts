/**
 * Bad input as 400 with one detail per field, from a zod schema: the sandbox emulator checks every
 * request this way, and a merchant's routes may too. zod/mini carries no English messages, so the
 * sentences are written here from the issues.
 */
import * as z from 'zod/mini';
import { invalidRequest, type FieldDetail } from './error.js';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * zod/mini carries no English messages ("Invalid input"), so the sentence is written here from the
 * issue; a message a schema wrote itself (a regex hint, a method rule) is kept as it is.
 */
function describeIssue(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  const present = valueAt(input, issue.path) !== undefined;
  switch (issue.code) {
    case 'invalid_type':
      return present
        ? `must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}`
        : 'is required';
    case 'invalid_format':
      return issue.format === 'url' ? 'must be an http or https URL' : `must be a valid ${issue.format}`;
    case 'invalid_union':
      if ('discriminator' in issue && issue.discriminator) {
        const options = (issue as { options?: unknown[] }).options ?? [];
        return present ? `must be one of ${options.join(', ')}` : 'is required';
      }
      return 'matches none of the accepted shapes';
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `must have at least ${issue.minimum} item(s)`
        : issue.origin === 'string'
          ? 'must not be empty'
          : `must be at least ${issue.minimum}`;
    case 'too_big':
      return `must be at most ${issue.maximum}`;
    default:
      return 'is invalid';
  }
}

/**
 * A union that matched none of its shapes (the two top-up modes) reports the problems of the
 * shape it came closest to, the one with the fewest, so `moneyProvided.amount` is named rather
 * than "matches none"; when two shapes are as close, the union itself is reported.
 */
function closestShape(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.discriminator || !issue.errors.length) return [issue];
    const sizes = issue.errors.map((branch) => branch.length);
    const fewest = Math.min(...sizes);
    if (sizes.filter((size) => size === fewest).length > 1) return [issue];
    const branch = issue.errors[sizes.indexOf(fewest)]!;
    return closestShape(
      branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue),
    );
  });
}

/** One detail per field, named by its dotted path, in the order zod found them. */
export function zodDetails(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  prefix: readonly PropertyKey[] = [],
): FieldDetail[] {
  const seen = new Set<string>();
  const details: FieldDetail[] = [];
  for (const issue of closestShape(issues)) {
    const field = [...prefix, ...issue.path].map(String).join('.') || 'body';
    const message = describeIssue(issue, input);
    const key = `${field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push({ field, message });
  }
  return details;
}

/**
 * The input as the schema parses it, or HttpError 400 INVALID_REQUEST with one detail per field
 * (`prefix` names where the input sits: `['idPayin']` for a path parameter). Any zod schema, from
 * `zod` or `zod/mini`.
 */
export function validateInput<S extends z.core.$ZodType>(
  schema: S,
  input: unknown,
  prefix: PropertyKey[] = [],
): z.infer<S> {
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw invalidRequest(zodDetails(parsed.error.issues, input, prefix));
  return parsed.data;
}
