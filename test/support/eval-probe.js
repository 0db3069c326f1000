// The strict-CSP test's negative control (test/build/csp.test.ts), a classic script of the page:
// what zod would do without its jitless mode, `new Function`, which the policy must refuse.
try {
  new Function('return 1')();
  window.evalRan = true;
} catch {
  window.evalRan = false;
}
