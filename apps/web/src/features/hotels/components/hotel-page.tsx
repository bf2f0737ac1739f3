import { type Hotel, type HotelRate, hotelFeeScope, type Money } from '@console/contract';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryErrorNotice } from '../../../components/error-notice.tsx';
import { OpenValue } from '../../../components/open-value.tsx';
import { useClientPrices } from '../../../lib/client-prices.ts';
import { formatMoney } from '../../../lib/format.ts';
import { mediaUrl } from '../../../lib/media.ts';
import { rememberRate, useHotelSearch } from '../api/hotels.ts';
import { readAddress, readContact, readLocation, readRateRooms, roomNames, whereText } from '../read.ts';
import { describeOccupancy, readHotelSearch } from '../search-params.ts';
import { HotelTime } from './hotel-time.tsx';
import '../hotels.css';

/** The rates by room, in the order the service listed them. */
function groupByRoom(rates: readonly HotelRate[]): [string, HotelRate[]][] {
  const groups = new Map<string, HotelRate[]>();
  for (const rate of rates) {
    const room = roomNames(rate.rooms);
    groups.set(room, [...(groups.get(room) ?? []), rate]);
  }
  return [...groups];
}

/** One property and its bookable rates for the stay in the URL (a hotel-mode search). */
export function HotelPage() {
  const { hotelId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const request = useMemo(() => readHotelSearch(hotelId, params), [hotelId, params]);
  const search = useHotelSearch(request);
  const result = search.data?.mode === 'hotel' ? search.data : null;
  // What the client pays first (decision 032); the net under it when the office charges a fee.
  const priceFor = useClientPrices();

  if (!request)
    return (
      <div className="page stack">
        <h1>Hotel</h1>
        <p className="notice">
          This link has no dates or rooms. <Link to="/hotels">Search hotels</Link> to choose them.
        </p>
      </div>
    );
  if (search.isPending) return <p className="loading">Asking the hotel for its rates…</p>;
  if (search.error || !result)
    return (
      <div className="page stack">
        <h1>Hotel</h1>
        <QueryErrorNotice query={search} title="Could not load this hotel's rates" />
        <Link to="/hotels">Back to hotel search</Link>
      </div>
    );

  const choose = (rate: HotelRate) => {
    rememberRate(rate);
    void navigate(`/hotels/book/${rate.id}?${params.toString()}&hotel=${hotelId}`);
  };
  return (
    <div className="page stack">
      <div className="page-head">
        <h1>{result.hotel.name}</h1>
        {location.key !== 'default' ? (
          <button type="button" className="link-button" onClick={() => void navigate(-1)}>
            Back to results
          </button>
        ) : (
          <Link to="/hotels">Hotel search</Link>
        )}
      </div>
      <HotelFacts hotel={result.hotel} />
      <section aria-labelledby="rates-title" className="stack">
        <h2 id="rates-title">
          Rates for {result.nights} night{result.nights === 1 ? '' : 's'}, {result.check_in} to{' '}
          {result.check_out}
        </h2>
        <p className="muted">For {describeOccupancy(request.occupancies)}</p>
        {result.offers.length === 0 ? (
          <p className="empty">No room is free for these dates. Try other dates.</p>
        ) : (
          <table className="data rates">
            <thead>
              <tr>
                <th scope="col">Room</th>
                <th scope="col">Board</th>
                <th scope="col">Cancellation</th>
                <th scope="col">Rooms left</th>
                <th scope="col">Price</th>
                <th scope="col">
                  <span className="visually-hidden">Choose</span>
                </th>
              </tr>
            </thead>
            {/* One group per room, its rates (board, cancellation terms) together. */}
            {groupByRoom(result.offers).map(([room, rates]) => (
              <tbody key={room}>
                <tr className="rate-group">
                  <th scope="rowgroup" colSpan={6}>
                    {room}
                  </th>
                </tr>
                {rates.map((rate) => (
                  <RateRow
                    hotel={result.hotel}
                    key={rate.id}
                    rate={rate}
                    client={
                      priceFor({
                        product: 'hotel',
                        net: rate.total,
                        nights: result.nights ?? undefined,
                        ...hotelFeeScope(result.hotel),
                      }).client
                    }
                    onChoose={() => choose(rate)}
                  />
                ))}
              </tbody>
            ))}
          </table>
        )}
      </section>
    </div>
  );
}

export function HotelFacts({ hotel }: { hotel: Hotel }) {
  const address = readAddress(hotel.address);
  const location = readLocation(hotel.location);
  const contact = readContact(hotel.contact);
  return (
    <section className="card hotel-facts" aria-label="The property">
      <div className="hotel-images">
        {hotel.images.slice(0, 3).map((src, i) => (
          <img key={src} src={mediaUrl(src)} alt={`${hotel.name}, view ${i + 1}`} width={220} height={150} />
        ))}
      </div>
      <dl className="facts">
        <dt>Rating</dt>
        <dd>
          {hotel.rating != null ? `${hotel.rating} stars` : 'Not rated'}
          {hotel.review_score != null && ` · reviews ${hotel.review_score.toFixed(1)} / 10`}
        </dd>
        <dt>Address</dt>
        <dd>
          {address ? (
            [address.line1, [address.postal_code, address.city].filter(Boolean).join(' '), address.country]
              .filter(Boolean)
              .join(', ')
          ) : (
            <OpenValue value={hotel.address} />
          )}
        </dd>
        <dt>Location</dt>
        <dd>
          {location ? (
            <>
              {whereText(hotel.address, hotel.location)} · {location.latitude.toFixed(4)},{' '}
              {location.longitude.toFixed(4)}
            </>
          ) : (
            <OpenValue value={hotel.location} />
          )}
        </dd>
        <dt>Contact</dt>
        <dd>
          {contact ? (
            [contact.phone, contact.email, contact.website].filter(Boolean).join(' · ') || '—'
          ) : (
            <OpenValue value={hotel.contact} />
          )}
        </dd>
        {hotel.chain && (
          <>
            <dt>Chain</dt>
            <dd>{hotel.chain}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function RateRow({
  rate,
  hotel,
  client,
  onChoose,
}: {
  rate: HotelRate;
  hotel: Hotel;
  client: Money;
  onChoose: () => void;
}) {
  const room = roomNames(rate.rooms);
  const first = readRateRooms(rate.rooms)[0];
  // A row the shell's j/k walk (decision 046): Enter on it chooses the rate.
  return (
    <tr data-row tabIndex={-1}>
      <th scope="row">
        {room}
        {first?.bed_type && first.max_occupancy != null && (
          <div className="muted small">
            {first.bed_type} bed · up to {first.max_occupancy} guests
          </div>
        )}
      </th>
      <td>
        {rate.board ?? 'Room only'}
        {rate.board_included.length > 0 && (
          <div className="muted small">{rate.board_included.join(', ')}</div>
        )}
      </td>
      <td>
        {rate.refundable ? (
          <span className="tag tag-good">
            Refundable
            {rate.refundable_until && (
              <>
                {' '}
                until <HotelTime at={rate.refundable_until} hotel={rate.hotel ?? hotel} />
              </>
            )}
          </span>
        ) : (
          <span className="tag">Non-refundable</span>
        )}
        <div className="muted small">{rate.cancellation.policy_text}</div>
      </td>
      <td>{rate.available_rooms ?? '—'}</td>
      <td>
        {rate.total_before_discount && (
          <div className="muted small">
            <s>{formatMoney(rate.total_before_discount)}</s>
          </div>
        )}
        <strong>{formatMoney(client)}</strong>
        {client.amount !== rate.total.amount && (
          <div className="muted small">net {formatMoney(rate.total)}</div>
        )}
        {rate.deal_badges.length > 0 && <div className="small">{rate.deal_badges.join(' · ')}</div>}
      </td>
      <td>
        <button
          type="button"
          className="button primary"
          onClick={onChoose}
          data-row-open
          aria-label={`Choose ${room}, ${rate.board ?? 'room only'}, ${formatMoney(client)}`}
        >
          Choose
        </button>
      </td>
    </tr>
  );
}
