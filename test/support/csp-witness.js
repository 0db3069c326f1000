// The strict-CSP page's witness (test/build/csp.test.ts), a classic script first in <head>, so
// it runs before anything else on the page: every `securitypolicyviolation` (window.cspViolations)
// and every event of the element (window.payEvents).
(() => {
  const violations = (window.cspViolations = []);
  document.addEventListener('securitypolicyviolation', (e) => {
    violations.push({ directive: e.effectiveDirective, blockedURI: e.blockedURI, sample: e.sample });
  });
  const events = (window.payEvents = []);
  for (const type of ['pay-ready', 'pay-created', 'pay-status', 'pay-success', 'pay-failed', 'pay-error']) {
    document.addEventListener(type, (e) => events.push({ type, status: e.detail?.status, code: e.detail?.code }));
  }
})();
