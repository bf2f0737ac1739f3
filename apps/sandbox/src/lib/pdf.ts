import type { ActivityVoucher } from '@console/contract';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { ActivityBooking } from '../shapes.ts';

/** Helvetica in a PDF speaks WinAnsi: strip accents and replace what it cannot draw. */
function printable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[—–]/g, '-')
    .replace(/[’‘]/g, "'")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** A one-page voucher naming the booking, the traveller's pass number and what was booked. */
export async function voucherPdf(
  booking: ActivityBooking,
  voucher: ActivityVoucher,
  place: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Voucher ${voucher.visual_id}`);
  pdf.setSubject(`Activity booking ${booking.code}`);
  pdf.setProducer('Travel booking sandbox');
  pdf.setCreationDate(new Date(voucher.generated_at));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.16);
  let y = 780;
  const line = (label: string, value: string) => {
    page.drawText(printable(label), { x: 56, y, size: 10, font: regular, color: rgb(0.4, 0.42, 0.48) });
    page.drawText(printable(value), { x: 200, y, size: 12, font: bold, color: ink });
    y -= 26;
  };
  page.drawRectangle({ x: 40, y: 800, width: 515, height: 4, color: rgb(0.05, 0.4, 0.75) });
  page.drawText('Activity voucher', { x: 56, y: y - 10, size: 24, font: bold, color: ink });
  y -= 60;
  page.drawText(printable(booking.title), { x: 56, y, size: 14, font: bold, color: ink, maxWidth: 480 });
  y -= 40;
  line('Booking', booking.code);
  line('Voucher', voucher.visual_id);
  line('Booking id', booking.id);
  line('Date', booking.date);
  line('Time', booking.timeslot ?? 'Any time that day');
  line('Where', place);
  line('Lead traveller', `${booking.customer.given_name} ${booking.customer.family_name}`);
  line('Status', booking.status);
  line('Issued', voucher.generated_at);
  y -= 20;
  page.drawText('Show this voucher, printed or on a phone, at the entrance.', {
    x: 56,
    y,
    size: 11,
    font: regular,
    color: ink,
  });
  return pdf.save();
}
