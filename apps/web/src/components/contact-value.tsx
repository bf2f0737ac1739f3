import { ReadContactSchema, readKnown } from '@console/contract';
import { OpenValue } from './open-value.tsx';

/** An order's contact (not shown in the document): "email · phone" in the shape we send, any other shape as sent. */
export function ContactValue({ value }: { value: unknown }) {
  const contact = readKnown(ReadContactSchema, value);
  if (!contact) return <OpenValue value={value} />;
  return <>{`${contact.email}${contact.phone ? ` · ${contact.phone}` : ''}`}</>;
}
