/** Settings of the demo's commands from the environment. */

/** A number ≥ 0 from an environment variable; unset or empty is undefined; anything else stops the start. */
export function numberFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new RangeError(`${name} must be a number ≥ 0, not "${value}"`);
  return number;
}
