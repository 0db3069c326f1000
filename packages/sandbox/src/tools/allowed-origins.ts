/**
 * The origins besides loopback ones whose pages may use the emulator's tools and token endpoints
 * (origins.ts applies them): read from the `allowedOrigins` option or SANDBOX_ALLOWED_ORIGINS.
 */

export const ALLOWED_ORIGINS_ENV = 'SANDBOX_ALLOWED_ORIGINS';

/** An origin as browsers send it (`scheme://host[:port]`, no path), or `*` for every origin. */
export function parseAllowedOrigins(values: readonly string[]): string[] {
  return values.map((value) => {
    const trimmed = value.trim();
    if (trimmed === '*') return trimmed;
    let url: URL | undefined;
    try {
      url = new URL(trimmed);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== trimmed.replace(/\/$/, '').toLowerCase()) {
      throw new RangeError(
        `createSandbox: allowedOrigins takes origins such as https://shop.example:8443 or *, not "${value}"`,
      );
    }
    return url.origin;
  });
}

/** The allowed origins of SANDBOX_ALLOWED_ORIGINS (comma-separated), or undefined when unset. */
export function allowedOriginsFromEnv(env: Record<string, string | undefined>): string[] | undefined {
  const value = env[ALLOWED_ORIGINS_ENV]?.trim();
  return value ? parseAllowedOrigins(value.split(',').filter((part) => part.trim())) : undefined;
}
