/**
 * How the verbs talk to a running emulator: its HTTP tools, and its event stream read as
 * Server-Sent Events. Every failure is a CliError whose message says what to do.
 */

/** A failure to report in one sentence, exit code 1. */
export class CliError extends Error {}

const cannotReach = (url: string, error: unknown) => {
  const cause = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
  return new CliError(
    `No emulator answers at ${url} (${cause}): start one with \`npx pay-checkout-sandbox\`, or give its address with --url`,
  );
};

/** Calls a tool of the emulator at `url`; its JSON answer, or a CliError with the tool's own message. */
export async function callTool<T>(url: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, {
      method,
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw cannotReach(url, error);
  }
  const answer = (await response.json().catch(() => undefined)) as { errorCode?: string; message?: string } | undefined;
  if (response.ok && answer !== undefined) return answer as T;
  if (answer?.errorCode && answer.message) throw new CliError(answer.message);
  throw new CliError(`${url} answered ${response.status} to ${method} ${path}: is it a pay-checkout-sandbox emulator?`);
}

/**
 * Reads the emulator's event stream until `signal` aborts; calls `onEvent` for each event. Resolves
 * when aborted; rejects with a CliError when the emulator cannot be reached or ends the stream.
 */
export async function readEvents(
  url: string,
  onEvent: (event: string, data: unknown) => void,
  signal: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${url}/__sandbox/events`, { headers: { Accept: 'text/event-stream' }, signal });
  } catch (error) {
    if (signal.aborted) return;
    throw cannotReach(url, error);
  }
  if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new CliError(
      `${url} answered ${response.status} to GET /__sandbox/events: is it a pay-checkout-sandbox emulator?`,
    );
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n?/g, '\n');
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length) onEvent(event, JSON.parse(data.join('\n')));
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    throw new CliError(`The stream of ${url} broke: ${(error as Error).message}`);
  }
  if (!signal.aborted) throw new CliError(`The emulator at ${url} ended its event stream (it stopped?)`);
}
