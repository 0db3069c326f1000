/**
 * The page's clock in the test's hand (@sinonjs/fake-timers): the page's timers and `Date` run on
 * it. It keeps pace with real time, so the page and the waits on it go on as usual; a test moves
 * it on at once to see what the page does when time passes. "Nothing else happens" is then a
 * fact, not a guess: every timer the page set that falls due in that time runs, in order, what it
 * starts (the promise after it, a fake platform's answer) settles before the next, and the test
 * looks after; exactly that time passes, however slow the machine.
 * Installed before the element is mounted, so that every timer it sets is on this clock.
 */
import { install, type Clock } from '@sinonjs/fake-timers';

export interface PageClock {
  /** Moves the page's time `ms` on at once: every timer due meanwhile runs, in order. */
  pass(ms: number): Promise<void>;
  /**
   * Runs every timer the page has set, and those they set, until none is left: all the page would
   * ever do by itself, done now. A page that sets timers for ever (polling that never stops) fails.
   */
  runAll(): Promise<void>;
  uninstall(): void;
}

/** How often the clock catches up with real time between the test's moves. */
const TICK_MS = 10;

export function pageClock(): PageClock {
  const clock: Clock = install({
    now: Date.now(),
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
    advanceTimeDelta: TICK_MS,
    loopLimit: 500,
  });
  // While the test moves the clock, it alone moves it: exactly the time asked for passes.
  const alone = async (move: () => Promise<unknown>) => {
    clock.setTickMode({ mode: 'manual' });
    try {
      await move();
    } finally {
      clock.setTickMode({ mode: 'interval', delta: TICK_MS });
    }
  };
  return {
    pass: (ms) => alone(() => clock.tickAsync(ms)),
    runAll: () => alone(() => clock.runAllAsync()),
    uninstall: () => clock.uninstall(),
  };
}
