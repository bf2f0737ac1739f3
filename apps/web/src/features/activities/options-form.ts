import {
  type ActivityBookingRequest,
  ActivityBookingRequestSchema,
  answerValueSchema,
  type BookingOption,
  type BookingOptions,
  type BookingOptionsAnswers,
  bookingOptionsAnswersSchemaFor,
  CustomerInputSchema,
  EmailSchema,
  type FileAnswer,
  type OptionAnswer,
  PersonNameSchema,
  PhoneSchema,
  type Travelers,
  travelerLabels,
} from '@console/contract';
import { z } from 'zod';
import { sentence } from '../../lib/format.ts';
import { optional } from '../../lib/forms.ts';

/**
 * The booking options form, built at run time from an availability's `booking_options`.
 *
 * Each option gets a form value shaped for its control (a list is the chosen item's index, an address is its lines,
 * a flight number is its airline code and number). `toAnswer` turns a form value into the answer the service
 * expects, and the answer is checked with the contract's `answerValueSchema`, the same schema the sandbox books
 * with, so the form and the request cannot disagree. Values are kept by option index, not by id, so an option id
 * with a dot in it cannot break a form path.
 */

export interface AddressValue {
  line1: string;
  line2: string;
  city: string;
  postal_code: string;
  country_code: string;
}
export interface FlightNumberValue {
  airline: string;
  number: string;
}
export type OptionValue = string | string[] | boolean | FileAnswer | AddressValue | FlightNumberValue | null;

export interface OptionsFormValues {
  per_booking: OptionValue[];
  /** One list per traveller, in the order adults, children, seniors. */
  per_pax: OptionValue[][];
}

export function emptyValue(option: BookingOption): OptionValue {
  switch (option.input_type) {
    case 2:
      return [];
    case 5:
      return false;
    case 7:
    case 8:
      return null;
    case 9:
      return { line1: '', line2: '', city: '', postal_code: '', country_code: '' };
    case 14:
      return { airline: '', number: '' };
    default:
      return '';
  }
}

export function emptyOptionsForm(options: BookingOptions, travelers: Travelers): OptionsFormValues {
  const count = travelerLabels(travelers).length;
  return {
    per_booking: options.per_booking.map(emptyValue),
    per_pax: options.per_pax.length
      ? Array.from({ length: count }, () => options.per_pax.map(emptyValue))
      : [],
  };
}

/** "+44 (0)20 7123-4567" or "0044 20 7123 4567" as the service wants it: +442071234567. */
export function normalisePhone(text: string): string {
  const compact = text.replace(/\(0\)/g, '').replace(/[\s().-]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

const isText = (value: OptionValue): value is string => typeof value === 'string';
const isObject = (value: OptionValue): value is FileAnswer | AddressValue | FlightNumberValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An answer not given: `undefined`. Otherwise the value the service expects for this option. */
export function toAnswer(option: BookingOption, value: OptionValue): { value: unknown } | undefined {
  switch (option.input_type) {
    case 1: {
      if (!isText(value) || value === '') return undefined;
      const item = option.items[Number(value)];
      return { value: item ? item.value : value };
    }
    case 2: {
      if (!Array.isArray(value) || value.length === 0) return undefined;
      return { value: value.map((index) => option.items[Number(index)]?.value ?? index) };
    }
    case 3: {
      if (!isText(value) || value.trim() === '') return undefined;
      return { value: Number(value.trim()) };
    }
    case 5:
      return value === null || value === '' ? undefined : { value };
    case 7:
    case 8:
      return isObject(value) && 'data_base64' in value ? { value } : undefined;
    case 9: {
      if (!isObject(value) || !('line1' in value)) return undefined;
      const address = value;
      const trimmed = Object.fromEntries(
        Object.entries(address).map(([key, text]) => [key, text.trim()]),
      ) as unknown as AddressValue;
      if (Object.values(trimmed).every((text) => text === '')) return undefined;
      return {
        value: {
          line1: trimmed.line1,
          ...(trimmed.line2 ? { line2: trimmed.line2 } : {}),
          city: trimmed.city,
          ...(trimmed.postal_code ? { postal_code: trimmed.postal_code } : {}),
          country_code: trimmed.country_code.toUpperCase(),
        },
      };
    }
    case 13:
      return isText(value) && value.trim() !== '' ? { value: normalisePhone(value.trim()) } : undefined;
    case 14: {
      if (!isObject(value) || !('airline' in value)) return undefined;
      const flight = value;
      const code = `${flight.airline}${flight.number}`.replace(/\s/g, '').toUpperCase();
      return code === '' ? undefined : { value: code };
    }
    default:
      return isText(value) && value.trim() !== '' ? { value: value.trim() } : undefined;
  }
}

/** The form path's tail for an issue inside an answer: the address's own lines keep theirs. */
function subPath(option: BookingOption, issuePath: readonly PropertyKey[]): (string | number)[] {
  const first = issuePath[0];
  return option.input_type === 9 && typeof first === 'string' ? [first] : [];
}

function checkList(
  ctx: z.RefinementCtx,
  options: readonly BookingOption[],
  values: readonly OptionValue[],
  base: (string | number)[],
) {
  for (const [index, option] of options.entries()) {
    const answer = toAnswer(option, values[index] ?? emptyValue(option));
    if (answer === undefined) {
      if (option.required)
        ctx.addIssue({
          code: 'custom',
          message: option.input_type === 2 ? 'Choose at least one' : 'Required',
          path: [...base, index],
        });
      continue;
    }
    const result = answerValueSchema(option).safeParse(answer.value);
    if (!result.success) {
      const issue = result.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        message: sentence(issue?.message ?? 'is not valid'),
        path: [...base, index, ...subPath(option, issue?.path ?? [])],
      });
    }
  }
}

/** The schema of the options form: every option's answer checked with the contract, issues on the control. */
export function optionsFormSchema(options: BookingOptions) {
  return z
    .object({
      per_booking: z.array(z.custom<OptionValue>()),
      per_pax: z.array(z.array(z.custom<OptionValue>())),
    })
    .superRefine((form, ctx) => {
      checkList(ctx, options.per_booking, form.per_booking, ['per_booking']);
      for (const [traveler, values] of form.per_pax.entries())
        checkList(ctx, options.per_pax, values, ['per_pax', traveler]);
    });
}

/** The answers as the request carries them: only what was answered, one per_pax list per traveller. */
export function answersOf(options: BookingOptions, form: OptionsFormValues): Required<BookingOptionsAnswers> {
  const list = (opts: readonly BookingOption[], values: readonly OptionValue[]): OptionAnswer[] =>
    opts.flatMap((option, index) => {
      const answer = toAnswer(option, values[index] ?? emptyValue(option));
      return answer === undefined ? [] : [{ id: option.id, value: answer.value as OptionAnswer['value'] }];
    });
  return {
    per_booking: list(options.per_booking, form.per_booking),
    per_pax: options.per_pax.length ? form.per_pax.map((values) => list(options.per_pax, values)) : [],
  };
}

// ---------- the whole booking form ----------

export const SALUTATIONS = [
  { id: '', label: '—' },
  { id: 'mr', label: 'Mr' },
  { id: 'mrs', label: 'Mrs' },
  { id: 'ms', label: 'Ms' },
  { id: 'mx', label: 'Mx' },
  { id: 'dr', label: 'Dr' },
] as const;

export function activityBookingFormSchema(options: BookingOptions) {
  return z.object({
    customer: z.object({
      salutation: optional(CustomerInputSchema.shape.salutation.unwrap()),
      given_name: PersonNameSchema,
      family_name: PersonNameSchema,
      email: EmailSchema,
      phone: z
        .string()
        .transform((text) => (text.trim() === '' ? '' : normalisePhone(text.trim())))
        .pipe(optional(PhoneSchema)),
    }),
    client_reference: z.string().trim().max(100, { error: 'At most 100 characters' }),
    options: optionsFormSchema(options),
  });
}
export type ActivityBookingForm = z.input<ReturnType<typeof activityBookingFormSchema>>;

export function emptyActivityBooking(options: BookingOptions, travelers: Travelers): ActivityBookingForm {
  return {
    customer: { salutation: '', given_name: '', family_name: '', email: '', phone: '' },
    client_reference: '',
    options: emptyOptionsForm(options, travelers),
  };
}

export interface BookingContext {
  product_type_id: string;
  date: string;
  timeslot: string | null;
  travelers: Required<Travelers>;
  options: BookingOptions;
}

/**
 * The wire request from a valid form. It is parsed with the contract's request schema and the answers with the
 * schema built from the same booking options, so what the form accepted is what the service will accept.
 */
export function toActivityBooking(
  form: ActivityBookingForm,
  context: BookingContext,
): ActivityBookingRequest {
  const parsed = activityBookingFormSchema(context.options).parse(form);
  const answers = answersOf(context.options, form.options);
  const hasOptions = context.options.per_booking.length > 0 || context.options.per_pax.length > 0;
  const { salutation, phone, ...names } = parsed.customer;
  const request: ActivityBookingRequest = {
    product_type_id: context.product_type_id,
    date: context.date,
    ...(context.timeslot ? { timeslot: context.timeslot } : {}),
    travelers: context.travelers,
    customer: { ...names, ...(salutation ? { salutation } : {}), ...(phone ? { phone } : {}) },
    ...(parsed.client_reference ? { client_reference: parsed.client_reference } : {}),
    ...(hasOptions ? { options: answers } : {}),
  };
  bookingOptionsAnswersSchemaFor(context.options, context.travelers).parse(request.options);
  return ActivityBookingRequestSchema.parse(request);
}

/**
 * Where a 422's `param` belongs on the form: `options.per_pax[1].passport_number` is the passport field of the
 * second traveller, `customer.email` the customer's email. Null when it names nothing on this form (a date, the
 * travellers), so the caller shows it as a notice instead.
 */
export function fieldOfParam(param: string | null, options: BookingOptions): string | null {
  if (!param) return null;
  const path = param.replace(/\[(\d+)\]/g, '.$1');
  if (path.startsWith('customer.') || path === 'client_reference') return path;
  const match = /^options\.(per_booking|per_pax\.\d+)\.(.+)$/.exec(path);
  if (!match?.[1] || !match[2]) return null;
  const list = match[1] === 'per_booking' ? options.per_booking : options.per_pax;
  // The option id may itself hold dots: take the longest known id the rest starts with.
  const option = [...list]
    .sort((a, b) => b.id.length - a.id.length)
    .find((o) => match[2] === o.id || match[2]?.startsWith(`${o.id}.`));
  if (!option) return null;
  const index = list.indexOf(option);
  const rest = match[2].slice(option.id.length + 1);
  const line = option.input_type === 9 && rest ? `.${rest.split('.')[0]}` : '';
  return `options.${match[1]}.${index}${line}`;
}
