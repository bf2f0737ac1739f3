import { inLivedOrder, type Trip, type TripPart } from '@console/contract';
import { type Color, PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { PdfText, type Weight } from '../platform/pdf-text.ts';
import { zonedWords } from '../platform/zoned-time.ts';

/** Parts a traveller can travel on: ticketed flights, confirmed stays and activities. */
const CONFIRMED = new Set(['ticketed', 'confirmed', 'completed', 'issued']);
export const isConfirmed = (part: Pick<TripPart, 'status'>) => CONFIRMED.has(part.status.toLowerCase());

const PRODUCT = { flight: 'Flight', hotel: 'Hotel', activity: 'Activity' } as const;
const A4: [number, number] = [595.28, 841.89];
const RIGHT = A4[0] - 48;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.4, 0.42, 0.48);

/** One paragraph of the document: where it starts, how it looks, and the space after it. */
export interface Block {
  text: string;
  x: number;
  size: number;
  weight: Weight;
  color: Color;
  after: number;
  /** Starts on a new page unless this much room is left. */
  room?: number;
  /** Drawn at the same height as the next block (a date beside its line), moving nothing down. */
  beside?: boolean;
}

/**
 * The traveller's itinerary of a trip: the confirmed parts only, line by line in the order the client lives them
 * (the trip page's timeline, decision 027), each part with the reference to quote and its travellers, every name as
 * written in any script. Holds and cancelled parts are left out: the document is what the traveller can rely on.
 */
export async function itineraryPdf(
  trip: Trip,
  parts: readonly TripPart[],
  issuedAt: Date,
  /** The zone of the agent who made it: when it was issued is said in it (decision 049). */
  timeZone = 'UTC',
): Promise<Uint8Array> {
  return documentPdf(
    { title: `Itinerary ${trip.reference}`, subject: trip.name, issuedAt },
    itineraryBlocks(trip, parts, issuedAt, timeZone),
  );
}

/**
 * A client's document of blocks (an itinerary, a quote): A4 pages with the console's band on the first, each block's
 * text drawn in every script it holds (PdfText), a new page where a block wants more room than is left.
 */
export async function documentPdf(
  meta: { title: string; subject: string; issuedAt: Date },
  blocks: readonly Block[],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(meta.title);
  pdf.setSubject(meta.subject);
  pdf.setProducer('Booking console');
  pdf.setCreationDate(meta.issuedAt);
  const fonts = await PdfText.for(pdf, blocks);

  let page: PDFPage = pdf.addPage(A4);
  page.drawRectangle({ x: 40, y: 800, width: 515, height: 4, color: rgb(0.05, 0.4, 0.75) });
  let y = 780;
  for (const block of blocks) {
    if (block.room !== undefined && y - block.room < 60) {
      page = pdf.addPage(A4);
      y = 780;
    }
    const lineHeight = block.size * 1.3;
    const maxWidth = RIGHT - block.x;
    const lines = fonts.draw(page, block.text, { ...block, y, maxWidth, lineHeight });
    if (!block.beside) y -= lines * lineHeight + block.after;
  }
  return pdf.save();
}

/** A block of text: its place, size, weight and colour, and the space after it. */
export const textBlock = (
  text: string,
  x: number,
  size: number,
  weight: Weight,
  color = INK,
  after = 4,
): Block => ({
  text,
  x,
  size,
  weight,
  color,
  after,
});
export { INK, MUTED };

function itineraryBlocks(trip: Trip, parts: readonly TripPart[], issuedAt: Date, timeZone: string): Block[] {
  const block = textBlock;
  const blocks: Block[] = [
    block('Itinerary', 56, 24, 'bold', INK, 8),
    block(trip.name, 56, 14, 'bold'),
    block(`Trip reference ${trip.reference}`, 56, 11, 'regular', MUTED),
    ...(trip.travellers.length > 0
      ? [block(`Travellers: ${trip.travellers.join(', ')}`, 56, 11, 'regular', MUTED)]
      : []),
    block(`Issued ${zonedWords(issuedAt.toISOString(), timeZone)}`, 56, 9, 'regular', MUTED),
    // Flight times are each airport's local time, as the airline gives them.
    block('Times are local to each place.', 56, 9, 'regular', MUTED, 24),
  ];
  const confirmed = parts.filter(isConfirmed);
  if (confirmed.length === 0)
    return [...blocks, block('No part of this trip is confirmed yet.', 56, 12, 'regular')];

  const lines = inLivedOrder(
    confirmed.flatMap((part) =>
      (part.lines.length > 0 ? part.lines : [{ at: part.starts_at, text: part.title }]).map((line) => ({
        ...line,
        part,
      })),
    ),
  );
  const introduced = new Set<string>();
  for (const line of lines) {
    const { part } = line;
    const first = !introduced.has(part.booking_id);
    introduced.add(part.booking_id);
    const travellers = first && part.travellers.length > 0;
    blocks.push({
      ...block(line.at ?? 'Date not known', 56, 10, 'bold'),
      beside: true,
      room: first ? 70 : 30,
    });
    if (first) {
      blocks.push(block(`${PRODUCT[part.product]} · ${part.reference ?? part.booking_id}`, 160, 11, 'bold'));
      if (part.title !== line.text) blocks.push(block(part.title, 160, 10, 'regular', MUTED));
    }
    blocks.push(block(line.text, 160, 10, 'regular', INK, travellers ? 2 : 10));
    if (travellers) blocks.push(block(`For ${part.travellers.join(', ')}`, 160, 10, 'regular', MUTED, 10));
  }
  return blocks;
}
