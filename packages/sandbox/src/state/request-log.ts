/**
 * The one-line request log (`POST /payins/o-1 200 3ms`) and a bounded list of recent platform
 * requests that tests read through GET /__sandbox/requests to count what a client sent.
 */
export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  status: number | 'dropped';
  durationMs: number;
  merchantCode?: string;
  headers: {
    origin?: string;
    'x-api-version'?: string;
    'content-type'?: string;
    /** Only whether there was one and its scheme, never the token. */
    authorization?: string;
    'retry-after'?: string;
  };
}

const KEPT_REQUESTS = 1000;

export function createRequestLog(log: boolean | ((line: string) => void)) {
  const write = log === true ? (line: string) => console.log(line) : typeof log === 'function' ? log : undefined;
  const entries: LoggedRequest[] = [];
  return {
    record(entry: LoggedRequest, keep: boolean) {
      write?.(`${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms`);
      if (!keep) return;
      entries.push(entry);
      if (entries.length > KEPT_REQUESTS) entries.splice(0, entries.length - KEPT_REQUESTS);
    },
    list: () => [...entries],
    clear: () => void entries.splice(0),
  };
}
export type RequestLog = ReturnType<typeof createRequestLog>;
