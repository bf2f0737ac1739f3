/**
 * The changes list's reads and writes (decision 037). Each booking's page and the top bar read changes too, so the
 * queries live with what the screens share (lib/changes.ts); this feature takes them from here.
 */
export {
  CHANGE_LABELS,
  PRODUCT_WORDS,
  useBulkChanges,
  useChanges,
  useQueuePeople,
} from '../../../lib/changes.ts';
