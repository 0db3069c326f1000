/**
 * The fetch of every platform request the kit makes (tokens, options, rates, reads): each is a
 * client span and a count of `pay.platform.requests` (docs/server.md), and each answer's Date
 * header sets the platform's clock, by which a top-up's rate holds until its `validUpTo`.
 */
import { pathTemplate } from '../../api/paths.js';
import type { PlatformClock } from '../../api/platform-clock.js';
import { tracedFetch } from '../telemetry/telemetry.js';

/** `base` is asked for at each call, so a fetch the merchant swaps later (a test's mock) is used. */
export function createPlatformFetch(clock: PlatformClock, base: () => typeof fetch, platformUrl: string): typeof fetch {
  const basePath = new URL(platformUrl).pathname.replace(/\/+$/, '');
  const route = (url: URL) =>
    pathTemplate(url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname);
  return tracedFetch(async (input, init) => {
    const response = await base()(input, init);
    const date = Date.parse(response.headers.get('Date') ?? '');
    if (!Number.isNaN(date)) clock.observe(date, Date.now());
    return response;
  }, route);
}
