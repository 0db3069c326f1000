/**
 * WebKitGTK's MiniBrowser draws into an X display even when nothing looks at it. When DISPLAY is
 * unset (a CI box, a container), one Xvfb server is started for this process, on a display number
 * Xvfb picks itself (-displayfd), and stopped when the process exits, so `npm test` needs no
 * `xvfb-run` around it.
 */
import { spawn } from 'node:child_process';

let started;

/**
 * Children this process starts (Xvfb, WebKitWebDriver and its MiniBrowser) are stopped on 'exit',
 * which Node does not emit when a signal ends it: a run stopped by Ctrl-C, or by whoever runs the
 * suite, left them running, each an X server or a browser that loads the machine until it is
 * rebooted. On SIGINT, SIGTERM and SIGHUP this process exits by itself, so that 'exit' is emitted.
 * Once per process, and only while nothing else listens for the signal.
 */
export function exitOnSignals() {
  if (exitOnSignals.done) return;
  exitOnSignals.done = true;
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ]) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(128 + number));
  }
}

/** The X display for browser windows: DISPLAY when set, else this process's own Xvfb. */
export function ensureDisplay() {
  if (process.env.DISPLAY) return Promise.resolve(process.env.DISPLAY);
  return (started ??= startXvfb());
}

function startXvfb() {
  exitOnSignals();
  return new Promise((resolve, reject) => {
    const xvfb = spawn(
      process.env.XVFB_PATH || 'Xvfb',
      ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      },
    );
    let announced = '';
    let stderr = '';
    xvfb.stderr.on('data', (chunk) => (stderr += chunk));
    xvfb.stdio[3].on('data', (chunk) => {
      announced += chunk;
      if (!announced.includes('\n')) return;
      const display = `:${announced.trim()}`;
      const stop = () => xvfb.kill();
      process.once('exit', stop);
      xvfb.once('exit', () => process.off('exit', stop));
      // Stray output must not keep this process alive once the tests end.
      xvfb.unref();
      xvfb.stderr.destroy();
      xvfb.stdio[3].destroy();
      resolve(display);
    });
    xvfb.once('error', (error) =>
      reject(
        new Error(
          `Could not start Xvfb for WebKit (${error.message}): install xvfb (apt-get install xvfb) or set DISPLAY.`,
        ),
      ),
    );
    xvfb.once('exit', (code) => {
      if (!announced.includes('\n'))
        reject(new Error(`Xvfb exited (${code}) before it chose a display: ${stderr.trim()}`));
    });
  });
}
