/**
 * The one-line request log (`POST /payins/o-1 200 3ms`) and a bounded list of recent platform
 * requests that tests read through GET /__sandbox/requests to count what a client sent.
 */
export interface LoggedRequest {
  /** Its place in the log, from 1. */
  id: number;
  /** Wall time, ISO 8601. */
  at: string;
  /** Sandbox time, ISO 8601 (the dashboard's clock). */
  sandboxAt: string;
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

export function createRequestLog(log: boolean | ((line: string) => void), onRecord?: (entry: LoggedRequest) => void) {
  const write = log === true ? (line: string) => console.log(line) : typeof log === 'function' ? log : undefined;
  const entries: LoggedRequest[] = [];
  let nextId = 1;
  return {
    record(request: Omit<LoggedRequest, 'id'>, keep: boolean) {
      const entry: LoggedRequest = { id: nextId++, ...request };
      write?.(`${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms`);
      if (!keep) return;
      entries.push(entry);
      onRecord?.(entry);
      if (entries.length > KEPT_REQUESTS) entries.splice(0, entries.length - KEPT_REQUESTS);
    },
    list: () => [...entries],
    clear: () => void entries.splice(0),
  };
}
export type RequestLog = ReturnType<typeof createRequestLog>;
