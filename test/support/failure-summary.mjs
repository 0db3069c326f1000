/**
 * A reporter that repeats every failure of the run after its last line. The default reporter
 * prints a failure when its file finishes, among minutes of progress and browser logs; a CI log
 * that keeps only its tail then says "1 failed tests" and not which one.
 */
import { relative } from 'node:path';

export function failureSummaryReporter() {
  /** The failed tests of a suite tree, each with the names of the suites it sits in. */
  const failuresIn = (suite, path = []) => [
    ...suite.tests
      .filter((test) => !test.passed && !test.skipped)
      .map((test) => ({ name: [...path, test.name].join(' › '), error: test.error })),
    ...suite.suites.flatMap((child) => failuresIn(child, [...path, child.name])),
  ];
  return {
    stop({ sessions }) {
      const lines = sessions.flatMap((session) => {
        const where = `${session.browser.name} (${session.group.name}) ${relative(process.cwd(), session.testFile)}`;
        const failed = session.testResults ? failuresIn(session.testResults) : [];
        return [
          ...failed.map(({ name, error }) => `✖ ${where}: ${name}\n    ${error?.message ?? 'failed'}`),
          // Errors outside any test: the file did not load, a hook threw, the browser timed out.
          ...session.errors.map((error) => `✖ ${where}: ${error.message}`),
        ];
      });
      if (lines.length) console.log(`\nFailed (${lines.length}):\n${lines.join('\n')}\n`);
    },
  };
}
