import { BASKET_LIMIT, type BasketOption, basket, useBasket } from '../lib/quote-basket.ts';
import { notify } from './toasts.tsx';

/** "Add to a quote": the option goes in this tab's quote basket (decision 034), made into a quote on /quotes. */
export function AddToQuote({ option }: { option: BasketOption }) {
  const gathered = useBasket();
  const inIt = gathered.some((o) => JSON.stringify(o.request) === JSON.stringify(option.request));
  return (
    <button
      type="button"
      className="button"
      disabled={inIt}
      onClick={() => {
        if (basket.add(option))
          notify('Added to the quote', `${basket.list().length} of ${BASKET_LIMIT} options gathered.`, {
            link: { to: '/quotes', label: 'Make the quote' },
          });
        else
          notify('The quote is full', `A quote holds at most ${BASKET_LIMIT} options.`, {
            link: { to: '/quotes', label: 'See the quote' },
          });
      }}
    >
      {inIt ? 'In the quote' : 'Add to a quote'}
    </button>
  );
}
