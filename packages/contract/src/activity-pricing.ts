import type { ActivityAvailability } from './activities.ts';
import { sameJson } from './activity-answers.ts';
import {
  type BookingOption,
  type BookingOptions,
  type BookingOptionsAnswers,
  type OptionAnswer,
  TRAVELER_CATEGORIES,
  type TravelerCategory,
  type Travelers,
  travelerCategoryOf,
} from './activity-options.ts';
import { addMoney, type Money, multiplyMoney, ZERO } from './money.ts';

export interface PriceLine {
  label: string;
  category: TravelerCategory | 'option';
  quantity: number;
  unit_price: Money;
  amount: Money;
}

function answerPrice(option: BookingOption, value: unknown): Money {
  if (value === null || value === undefined || value === false || value === '') return ZERO;
  if (Array.isArray(value) && value.length === 0) return ZERO;
  const chosen =
    option.input_type === 1
      ? option.items.filter((item) => sameJson(item.value, value))
      : option.input_type === 2 && Array.isArray(value)
        ? option.items.filter((item) => value.some((v) => sameJson(item.value, v)))
        : [];
  return addMoney(option.price, ...chosen.map((item) => item.price));
}

/**
 * The price of a booking: each traveller at their category's rate, plus every answered option's price and the
 * prices of the items chosen. Used by the sandbox to charge and by the SPA to show the running total.
 */
export function priceActivityBooking(
  rates: ActivityAvailability['rates'],
  travelers: Travelers,
  bookingOptions: BookingOptions,
  answers: BookingOptionsAnswers | undefined,
): { total: Money; lines: PriceLine[] } {
  const lines: PriceLine[] = [];
  const counts: Record<TravelerCategory, number> = {
    adult: travelers.adults,
    child: travelers.children ?? 0,
    senior: travelers.seniors ?? 0,
  };
  const labels = { adult: 'Adult', child: 'Child', senior: 'Senior' } as const;
  for (const category of TRAVELER_CATEGORIES) {
    const quantity = counts[category];
    if (quantity === 0) continue;
    const rate = rates.find((r) => travelerCategoryOf(r.category) === category);
    if (!rate) continue;
    lines.push({
      label: labels[category],
      category,
      quantity,
      unit_price: rate.price,
      amount: multiplyMoney(rate.price, quantity),
    });
  }
  const optionTotals = new Map<string, { option: BookingOption; quantity: number; amount: Money }>();
  const addAnswers = (options: readonly BookingOption[], list: readonly OptionAnswer[] | undefined) => {
    for (const answer of list ?? []) {
      const option = options.find((o) => o.id === answer.id);
      if (!option) continue;
      const price = answerPrice(option, answer.value);
      if (price.amount === '0.00') continue;
      const entry = optionTotals.get(option.id) ?? { option, quantity: 0, amount: ZERO };
      entry.quantity += 1;
      entry.amount = addMoney(entry.amount, price);
      optionTotals.set(option.id, entry);
    }
  };
  addAnswers(bookingOptions.per_booking, answers?.per_booking);
  for (const list of answers?.per_pax ?? []) addAnswers(bookingOptions.per_pax, list);
  for (const { option, quantity, amount } of optionTotals.values()) {
    lines.push({
      label: option.name,
      category: 'option',
      quantity,
      unit_price: quantity === 1 ? amount : option.price,
      amount,
    });
  }
  return { total: addMoney(...lines.map((line) => line.amount)), lines };
}
