export type { Block } from './itinerary-pdf.ts';
export { documentPdf, MUTED, textBlock } from './itinerary-pdf.ts';
