/**
 * Answers that break a rule of the document, for the console's drill of what it does with them (decision 024). The
 * sandbox keeps the document in both profiles; a test asks for one of these with a `break_rule` fault, and the next
 * matching answer breaks the named rule and only that one. Each says which rule it breaks.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every object in an answer, each with its kind, rewritten by one function (the rest is kept). */
function everyObject(value: Json, change: (object: { [key: string]: Json }) => void): Json {
  if (Array.isArray(value)) return value.map((item) => everyObject(item, change));
  if (!isObject(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) out[k] = everyObject(v, change);
  change(out);
  return out;
}

const DATE_TIME_KEYS = ['ticketing_deadline', 'payment_deadline', 'expires_at', 'created_at'];

export const RULE_BREAKS = {
  date_time_without_offset: {
    rule: 'A date-time is RFC 3339, which needs Z or an offset (ticketing_deadline, payment_deadline, expires_at, created_at).',
    apply: (answer: Json) =>
      everyObject(answer, (object) => {
        for (const key of DATE_TIME_KEYS) {
          const value = object[key];
          if (typeof value === 'string') object[key] = value.replace(/(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, '');
        }
      }),
  },
  coordinates_as_array: {
    rule: 'A hotel place has coordinates (object, nullable).',
    apply: (answer: Json) =>
      everyObject(answer, (object) => {
        const c = object.coordinates;
        if (isObject(c)) object.coordinates = [c.latitude ?? null, c.longitude ?? null];
      }),
  },
  filters_applied_as_array: {
    rule: 'A hotel search has filters_applied (object).',
    apply: (answer: Json) =>
      everyObject(answer, (object) => {
        const f = object.filters_applied;
        if (isObject(f)) object.filters_applied = Object.entries(f).map(([key, values]) => ({ key, values }));
      }),
  },
  refund_status_upper_case: {
    rule: 'A requested refund has the status requested.',
    apply: (answer: Json) =>
      everyObject(answer, (object) => {
        if (object.object === 'refund' && typeof object.status === 'string')
          object.status = object.status.toUpperCase();
      }),
  },
  error_fields_null: {
    rule: 'A failed request has a JSON body { error: { type, code, message, param, doc_url, request_id } }, all strings.',
    apply: (answer: Json) => {
      if (!isObject(answer) || !isObject(answer.error)) return answer;
      const { doc_url: _left_out, ...error } = answer.error;
      return { ...answer, error: { ...error, param: null, request_id: null } };
    },
  },
} satisfies Record<string, { rule: string; apply: (answer: Json) => Json }>;

export type RuleBreak = keyof typeof RULE_BREAKS;
export const RULE_BREAK_NAMES = Object.keys(RULE_BREAKS) as [RuleBreak, ...RuleBreak[]];
