/**
 * A reader of a server-sent events stream over a real socket (Node's fetch), for tests: frames as the
 * browser's EventSource would split them, comments and `retry:` hints included.
 */

export interface SseFrame {
  /** The `event:` field; 'message' when none was given, '' for a frame without data (a comment, a hint). */
  event: string;
  data: string;
  comments: string[];
  retry: number | null;
}

export interface SseReader {
  response: Response;
  /** The next frame; null once the stream has ended. */
  nextFrame(): Promise<SseFrame | null>;
  /** The next frame with data (an event), skipping comments and hints; null once the stream has ended. */
  nextEvent(): Promise<SseFrame | null>;
  /** Hangs up, as a closed tab does. */
  close(): void;
}

function parseFrame(block: string): SseFrame {
  let event = '';
  const data: string[] = [];
  const comments: string[] = [];
  let retry: number | null = null;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  }
  if (data.length > 0 && event === '') event = 'message';
  return { event, data: data.join('\n'), comments, retry };
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const body = response.body;
  const reader = body?.getReader() ?? null;
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;

  async function nextFrame(): Promise<SseFrame | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseFrame(block);
      }
      if (ended || reader === null) return null;
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        ended = true;
        return null;
      }
      if (chunk.done) {
        ended = true;
        return null;
      }
      buffer += decoder.decode(chunk.value, { stream: true }).replace(/\r\n?/g, '\n');
    }
  }

  return {
    response,
    nextFrame,
    async nextEvent() {
      for (;;) {
        const frame = await nextFrame();
        if (frame === null || frame.event !== '') return frame;
      }
    },
    close() {
      controller.abort();
    },
  };
}
