/**
 * The traveller directory's reads and writes (decision 018). The booking pages pick travellers too, so the queries
 * live with what the screens share (lib/office.ts); this feature's pages take them from here, as every feature takes
 * its calls from its own api/.
 */
export {
  matchesOf,
  travellerBookingsQuery,
  travellerDuplicatesQuery,
  travellerListQuery,
  travellerQuery,
  travellersKey,
  useMergeTravellers,
  useSaveTraveller,
} from '../../../lib/office.ts';
