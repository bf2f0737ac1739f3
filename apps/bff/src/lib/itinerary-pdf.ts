import type { Trip, TripPart } from '@console/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** Parts a traveller can travel on: ticketed flights, confirmed stays and activities. */
const CONFIRMED = new Set(['ticketed', 'confirmed', 'completed', 'issued']);
export const isConfirmed = (part: Pick<TripPart, 'status'>) => CONFIRMED.has(part.status.toLowerCase());

/** Helvetica in a PDF speaks WinAnsi: accents stripped, what it cannot draw replaced. */
function printable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[—–]/g, '-')
    .replace(/[’‘]/g, "'")
    .replace(/→/g, '->')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

const PRODUCT = { flight: 'Flight', hotel: 'Hotel', activity: 'Activity' } as const;

/**
 * The traveller's itinerary of a trip: the confirmed parts only, in time order, each with the reference to quote.
 * Holds and cancelled parts are left out: the document is what the traveller can rely on.
 */
export async function itineraryPdf(
  trip: Trip,
  parts: readonly TripPart[],
  issuedAt: Date,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Itinerary ${trip.reference}`);
  pdf.setSubject(printable(trip.name));
  pdf.setProducer('Booking console');
  pdf.setCreationDate(issuedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.16);
  const muted = rgb(0.4, 0.42, 0.48);
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 780;
  const room = (needed: number) => {
    if (y - needed > 60) return;
    page = pdf.addPage([595.28, 841.89]);
    y = 780;
  };
  const text = (value: string, x: number, size: number, font: PDFFont, color = ink) => {
    page.drawText(printable(value), { x, y, size, font, color, maxWidth: 595.28 - x - 48 });
  };
  page.drawRectangle({ x: 40, y: 800, width: 515, height: 4, color: rgb(0.05, 0.4, 0.75) });
  text('Itinerary', 56, 24, bold);
  y -= 30;
  text(trip.name, 56, 14, bold);
  y -= 20;
  text(`Trip reference ${trip.reference}`, 56, 11, regular, muted);
  y -= 16;
  if (trip.travellers.length > 0) {
    text(`Travellers: ${trip.travellers.join(', ')}`, 56, 11, regular, muted);
    y -= 16;
  }
  text(`Issued ${issuedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`, 56, 9, regular, muted);
  y -= 36;
  const confirmed = parts
    .filter(isConfirmed)
    .sort((a, b) => String(a.starts_at ?? '9').localeCompare(String(b.starts_at ?? '9')));
  if (confirmed.length === 0) {
    text('No part of this trip is confirmed yet.', 56, 12, regular);
  }
  for (const part of confirmed) {
    room(40 + part.lines.length * 16);
    text(`${PRODUCT[part.product]} · ${part.reference ?? part.booking_id}`, 56, 13, bold);
    y -= 18;
    text(part.title, 56, 11, regular);
    y -= 16;
    for (const line of part.lines) {
      room(16);
      text(line.text, 72, 10, regular);
      y -= 15;
    }
    if (part.travellers.length > 0) {
      room(16);
      text(`For ${part.travellers.join(', ')}`, 72, 10, regular, muted);
      y -= 15;
    }
    y -= 14;
  }
  return pdf.save();
}
