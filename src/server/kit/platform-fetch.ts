/**
 * The fetch of every platform request the kit makes (tokens, options, rates, reads): each answer's
 * Date header sets the platform's clock, by which a top-up's rate holds until its `validUpTo`.
 */
import { PlatformClock } from '../../api/platform-clock.js';

/** `base` is asked for at each call, so a fetch the merchant swaps later (a test's mock) is used. */
export function clockedFetch(clock: PlatformClock, base: () => typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base()(input, init);
    const date = Date.parse(response.headers.get('Date') ?? '');
    if (!Number.isNaN(date)) clock.observe(date, Date.now());
    return response;
  };
}
