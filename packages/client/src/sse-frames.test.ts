import { describe, expect, it } from 'vitest';
import { type Frame, frameData, frameFacts, joinFrame, SseFramer } from './sse-frames.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (frame: Frame) => new TextDecoder().decode(joinFrame(frame));

function frames(chunks: string[]): string[] {
  const framer = new SseFramer();
  return chunks.flatMap((chunk) => framer.push(bytes(chunk)).map(text));
}

const stream =
  ': keep-alive\n\nevent: offers\ndata: {"offers":[1,2]}\n\nevent: offers\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: done\ndata: {"status":"complete"}\n\n';

describe('splitting a search stream into whole events', () => {
  it('gives back each event as the bytes came, however the stream was cut into chunks', () => {
    const whole = frames([stream]);
    expect(whole).toEqual([
      ': keep-alive\n\n',
      'event: offers\ndata: {"offers":[1,2]}\n\n',
      'event: offers\r\ndata: {"a":\r\ndata: 1}\r\n\r\n',
      'event: done\ndata: {"status":"complete"}\n\n',
    ]);
    for (let size = 1; size <= 7; size += 1) {
      const chunks: string[] = [];
      for (let i = 0; i < stream.length; i += size) chunks.push(stream.slice(i, i + size));
      expect(frames(chunks)).toEqual(whole);
    }
  });

  it('gives back an event split across chunks as views of those chunks, not a copy, with the same facts', () => {
    const framer = new SseFramer();
    const first = bytes('event: offers\ndata: {"offers":');
    const second = bytes('[1,2]}\n\n');
    expect(framer.push(first)).toEqual([]);
    const [frame] = framer.push(second);
    expect(frame?.map((part) => part.buffer)).toEqual([first.buffer, second.buffer]);
    expect(frameFacts(frame ?? [])).toEqual({ event: 'offers', dataFirst: 0x7b, dataLast: 0x7d });
    const whole = frames([stream]).map((f) => frameFacts(bytes(f)));
    for (let size = 1; size <= 7; size += 1) {
      const cut = new SseFramer();
      const facts: unknown[] = [];
      for (let i = 0; i < stream.length; i += size)
        facts.push(...cut.push(bytes(stream.slice(i, i + size))).map((f) => frameFacts(f)));
      expect(facts).toEqual(whole);
    }
  });

  it('keeps an unfinished event until its blank line arrives', () => {
    const framer = new SseFramer();
    expect(framer.push(bytes('event: offers\ndata: {"x":1}\n'))).toEqual([]);
    expect(framer.push(bytes('\n')).map(text)).toEqual(['event: offers\ndata: {"x":1}\n\n']);
  });

  it('reads the event name and the ends of its data without decoding the data', () => {
    const [comment, offers, multi, done] = frames([stream]).map((f) => frameFacts(bytes(f)));
    expect(comment?.event).toBe('');
    expect(offers).toEqual({ event: 'offers', dataFirst: 0x7b, dataLast: 0x7d });
    expect(multi).toEqual({ event: 'offers', dataFirst: 0x7b, dataLast: 0x7d });
    expect(done?.event).toBe('done');
    expect(frameFacts(bytes('data: [1]\n\n'))).toEqual({ event: 'message', dataFirst: 0x5b, dataLast: 0x5d });
    expect(frameFacts(bytes('event: offers\ndata: {"cut":\n\n')).dataLast).not.toBe(0x7d);
  });

  it('joins data lines with line breaks, as an EventSource does', () => {
    expect(frameData(bytes('event: offers\r\ndata: {"a":\r\ndata: 1}\r\n\r\n'))).toBe('{"a":\n1}');
  });
});
