/** Settings from environment variables: a clear error for a value that is not what the name wants. */

type Env = Readonly<Record<string, string | undefined>>;

/** A number ≥ 0; unset or empty is undefined; anything else stops the start. */
export function numberFromEnv(env: Env, name: string): number | undefined {
  const value = env[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new RangeError(`${name} must be a number ≥ 0, not "${value}"`);
  return number;
}

/** `true` or `false` (also 1/0, yes/no, on/off); unset or empty is undefined. */
export function booleanFromEnv(env: Env, name: string): boolean | undefined {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new RangeError(`${name} must be true or false, not "${env[name]}"`);
}
