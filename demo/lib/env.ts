/** Settings of the demo's commands from the environment. */

/** A number ≥ 0 from an environment variable; unset or empty is undefined; anything else stops the start. */
export function numberFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new RangeError(`${name} must be a number ≥ 0, not "${value}"`);
  return number;
}

/** `true` or `false` (also 1/0, yes/no, on/off) from an environment variable; unset or empty is undefined. */
export function booleanFromEnv(name: string): boolean | undefined {
  const value = process.env[name]?.trim().toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new RangeError(`${name} must be true or false, not "${process.env[name]}"`);
}
