const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;

/**
 * Splits a server-sent-events byte stream into whole events, each as the bytes came (its field lines and the blank
 * line that ends it), without decoding them: a relay can pass each on unchanged. Lines end in LF or CRLF.
 */
export class SseFramer {
  #parts: Uint8Array[] = [];
  #prev1 = -1;
  #prev2 = -1;

  /** The events this chunk completes, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const events: Uint8Array[] = [];
    let start = 0;
    for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) {
      const p1 = i >= 1 ? chunk[i - 1] : this.#prev1;
      const p2 = i >= 2 ? chunk[i - 2] : i === 1 ? this.#prev1 : this.#prev2;
      if (p1 === LF || (p1 === CR && p2 === LF)) {
        const tail = chunk.subarray(start, i + 1);
        events.push(this.#parts.length === 0 ? tail : concat([...this.#parts, tail]));
        this.#parts = [];
        start = i + 1;
      }
    }
    if (start < chunk.length) this.#parts.push(chunk.subarray(start));
    if (chunk.length >= 2) {
      this.#prev2 = chunk[chunk.length - 2] ?? -1;
      this.#prev1 = chunk[chunk.length - 1] ?? -1;
    } else if (chunk.length === 1) {
      this.#prev2 = this.#prev1;
      this.#prev1 = chunk[0] ?? -1;
    }
    return events;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export interface FrameFacts {
  /** The event's name ('message' when it has none); '' for a block of comments only. */
  event: string;
  /** The first and last non-blank bytes of its data ('{' and '}' for one JSON object); -1 when it has no data. */
  dataFirst: number;
  dataLast: number;
}

const isBlank = (byte: number | undefined) => byte === SPACE || byte === 9 || byte === CR || byte === LF;

/** What a relay needs to know of an event, read from its field lines without decoding its data. */
export function frameFacts(frame: Uint8Array): FrameFacts {
  let event = '';
  let hasField = false;
  let dataFirst = -1;
  let dataLast = -1;
  let lineStart = 0;
  while (lineStart < frame.length) {
    let lineEnd = frame.indexOf(LF, lineStart);
    if (lineEnd === -1) lineEnd = frame.length;
    let end = lineEnd;
    if (end > lineStart && frame[end - 1] === CR) end -= 1;
    if (end > lineStart && frame[lineStart] !== COLON) {
      hasField = true;
      const colon = frame.indexOf(COLON, lineStart);
      const nameEnd = colon === -1 || colon > end ? end : colon;
      const name = String.fromCharCode(...frame.subarray(lineStart, Math.min(nameEnd, lineStart + 8)));
      let valueStart = nameEnd + 1;
      if (valueStart < end && frame[valueStart] === SPACE) valueStart += 1;
      if (name === 'event' && nameEnd - lineStart === 5) {
        event = new TextDecoder().decode(frame.subarray(valueStart, end));
      } else if (name === 'data' && nameEnd - lineStart === 4 && valueStart < end) {
        let first = valueStart;
        while (first < end && isBlank(frame[first])) first += 1;
        let last = end - 1;
        while (last >= first && isBlank(frame[last])) last -= 1;
        if (first <= last) {
          if (dataFirst === -1) dataFirst = frame[first] ?? -1;
          dataLast = frame[last] ?? -1;
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  return { event: hasField && event === '' ? 'message' : event, dataFirst, dataLast };
}

/** The data of an event as text (its data lines joined by line breaks), for the events that are parsed. */
export function frameData(frame: Uint8Array): string {
  return new TextDecoder()
    .decode(frame)
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
}
