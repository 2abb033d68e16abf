// Reading a text/event-stream body (the HTML standard's event stream format): events as they arrive.

export type ServerSentEvent = { event: string; data: string; id: string | null };

/**
 * The events of a server-sent event stream: each event's name ("message" unless named), its data lines joined by
 * newlines, and its id. Comments and retry fields are skipped; an event without data is not dispatched.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncIterable<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let id: string | null = null;
  const field = (line: string): ServerSentEvent | null => {
    if (line === "") {
      const dispatched = data.length ? { event: event || "message", data: data.join("\n"), id } : null;
      event = "";
      data = [];
      return dispatched;
    }
    if (line.startsWith(":")) return null;
    const colon = line.indexOf(":");
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (name === "event") event = value;
    else if (name === "data") data.push(value);
    else if (name === "id") id = value;
    return null;
  };
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r\n|\n|\r/)) >= 0) {
      // A carriage return at the end may be the first half of CR LF: wait for the next piece.
      if (end === buffer.length - 1 && buffer[end] === "\r") break;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(buffer.startsWith("\r\n", end) ? end + 2 : end + 1);
      const dispatched = field(line);
      if (dispatched) yield dispatched;
    }
  }
  // A stream that ends without the blank line still delivers its last event.
  if (buffer) field(buffer);
  const last = field("");
  if (last) yield last;
}
