export { ledgerScope, mayReach, reachableBooking, seesOfficeWide } from './access.ts';
export type { Facts } from './facts.ts';
export { activityFacts, flightFacts, hotelFacts } from './facts.ts';
export type { Ledger } from './ledger.ts';
export type { ServiceBooking } from './refresh.ts';
export { readAndRefresh } from './refresh.ts';
export type { TimelineActor, TimelineEvent, TimelineKind } from './timeline.ts';
export { BookingTimeline } from './timeline.ts';
export { tripEvent } from './timeline-write.ts';
