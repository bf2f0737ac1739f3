const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;

/**
 * One event as the bytes came: one part, or several when it was split across the connection's reads. The parts are
 * views of the reads, not a copy: a relay writes them on as they are (decision 059: a hundred streams' events copied
 * together were as many bytes again of external memory, which starts V8's full collections).
 */
export type Frame = readonly Uint8Array[];

/**
 * Splits a server-sent-events byte stream into whole events, each as the bytes came (its field lines and the blank
 * line that ends it), without decoding or copying them: a relay can pass each on unchanged. Lines end in LF or CRLF.
 */
export class SseFramer {
  #parts: Uint8Array[] = [];
  #prev1 = -1;
  #prev2 = -1;

  /** The events this chunk completes, in order. */
  push(chunk: Uint8Array): Frame[] {
    const events: Frame[] = [];
    let start = 0;
    for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) {
      const p1 = i >= 1 ? chunk[i - 1] : this.#prev1;
      const p2 = i >= 2 ? chunk[i - 2] : i === 1 ? this.#prev1 : this.#prev2;
      if (p1 === LF || (p1 === CR && p2 === LF)) {
        const tail = chunk.subarray(start, i + 1);
        events.push(this.#parts.length === 0 ? [tail] : [...this.#parts, tail]);
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

/** A frame's bytes in one piece (a copy when it came in several): for the events that are decoded, not relayed. */
export function joinFrame(frame: Frame): Uint8Array {
  if (frame.length === 1 && frame[0]) return frame[0];
  let length = 0;
  for (const part of frame) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of frame) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A frame's parts read as one run of bytes, without joining them. */
class FrameBytes {
  readonly length: number;
  readonly #parts: Frame;
  readonly #starts: number[] = [];

  constructor(parts: Frame) {
    this.#parts = parts;
    let length = 0;
    for (const part of parts) {
      this.#starts.push(length);
      length += part.length;
    }
    this.length = length;
  }

  #part(i: number): number {
    let k = this.#parts.length - 1;
    while (k > 0 && (this.#starts[k] ?? 0) > i) k -= 1;
    return k;
  }

  at(i: number): number | undefined {
    if (i < 0 || i >= this.length) return undefined;
    const k = this.#part(i);
    return this.#parts[k]?.[i - (this.#starts[k] ?? 0)];
  }

  indexOf(byte: number, from: number): number {
    for (let k = this.#part(Math.max(0, from)); k < this.#parts.length; k += 1) {
      const part = this.#parts[k];
      const start = this.#starts[k] ?? 0;
      if (!part) continue;
      const found = part.indexOf(byte, Math.max(0, from - start));
      if (found !== -1) return start + found;
    }
    return -1;
  }

  /** A copy of a few bytes (a field's name or an event's name). */
  slice(from: number, to: number): Uint8Array {
    const out = new Uint8Array(Math.max(0, to - from));
    for (let i = from; i < to; i += 1) out[i - from] = this.at(i) ?? 0;
    return out;
  }

  text(from: number, to: number): string {
    return String.fromCharCode(...this.slice(from, to));
  }
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
export function frameFacts(frame: Frame | Uint8Array): FrameFacts {
  const bytes = new FrameBytes(frame instanceof Uint8Array ? [frame] : frame);
  let event = '';
  let hasField = false;
  let dataFirst = -1;
  let dataLast = -1;
  let lineStart = 0;
  while (lineStart < bytes.length) {
    let lineEnd = bytes.indexOf(LF, lineStart);
    if (lineEnd === -1) lineEnd = bytes.length;
    let end = lineEnd;
    if (end > lineStart && bytes.at(end - 1) === CR) end -= 1;
    if (end > lineStart && bytes.at(lineStart) !== COLON) {
      hasField = true;
      const colon = bytes.indexOf(COLON, lineStart);
      const nameEnd = colon === -1 || colon > end ? end : colon;
      const name = bytes.text(lineStart, Math.min(nameEnd, lineStart + 8));
      let valueStart = nameEnd + 1;
      if (valueStart < end && bytes.at(valueStart) === SPACE) valueStart += 1;
      if (name === 'event' && nameEnd - lineStart === 5) {
        event = new TextDecoder().decode(bytes.slice(valueStart, end));
      } else if (name === 'data' && nameEnd - lineStart === 4 && valueStart < end) {
        let first = valueStart;
        while (first < end && isBlank(bytes.at(first))) first += 1;
        let last = end - 1;
        while (last >= first && isBlank(bytes.at(last))) last -= 1;
        if (first <= last) {
          if (dataFirst === -1) dataFirst = bytes.at(first) ?? -1;
          dataLast = bytes.at(last) ?? -1;
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  return { event: hasField && event === '' ? 'message' : event, dataFirst, dataLast };
}

/** The data of an event as text (its data lines joined by line breaks), for the events that are parsed. */
export function frameData(frame: Frame | Uint8Array): string {
  return new TextDecoder()
    .decode(frame instanceof Uint8Array ? frame : joinFrame(frame))
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
}
