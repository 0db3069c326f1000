/**
 * URLs that come from the platform are followed only with safe schemes: http(s) for redirects and
 * return links, and for deep links `upi:` or the method's own app scheme. Everything else —
 * javascript:, data:, file:, intent: — is refused.
 */

function parse(url: string | undefined, base?: string): URL | undefined {
  if (!url) return undefined;
  try {
    return new URL(url.trim(), base);
  } catch {
    return undefined;
  }
}

/** The URL when it is http or https (absolute, or relative to `base` when given), else undefined. */
export function safeWebUrl(url: string | undefined, base?: string): string | undefined {
  const parsed = parse(url, base);
  return parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? parsed.href : undefined;
}

/** The URL when its scheme is one of the allowed app schemes (without the colon) or http(s). */
export function safeDeepLink(url: string | undefined, schemes: readonly string[]): string | undefined {
  const parsed = parse(url);
  if (!parsed) return undefined;
  const scheme = parsed.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'https' || scheme === 'http') return parsed.href;
  return schemes.includes(scheme) ? url!.trim() : undefined;
}
