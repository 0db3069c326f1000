/** A scripted fetch: records every request and answers from a queue or a handler. */
export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeAnswer =
  | { status?: number; body?: unknown; text?: string; headers?: Record<string, string> }
  | Error
  | ((request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>);

export function fakeFetch(...answers: FakeAnswer[]) {
  const requests: RecordedRequest[] = [];
  const queue = [...answers];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const request: RecordedRequest = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    if (init.signal?.aborted) throw init.signal.reason;
    let answer = queue.length > 1 ? queue.shift()! : queue[0];
    if (answer === undefined) throw new Error('fakeFetch: no answer scripted');
    while (typeof answer === 'function') answer = await answer(request);
    if (answer instanceof Error) throw answer;
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return new Response(text, {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}
