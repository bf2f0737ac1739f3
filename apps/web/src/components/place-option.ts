// What a place field takes and gives, apart from the field itself: the field (place-combobox.tsx) loads its live part
// (place-combobox-live.tsx) lazily, and both read these, so neither imports the other's types.

export interface PlaceOption {
  /** A flight place's is its code (`LON`), which a text typed exactly takes first (decision 046). */
  id: string;
  label: string;
  detail: string;
  /** What kind of place it is (city, hotel, …), when the caller needs to act on it. */
  kind?: string;
}

export interface PlaceComboboxProps {
  label: string;
  value: string | null;
  /** The text shown for the chosen value when nothing has been typed (e.g. from the URL). */
  valueLabel?: string;
  onChange: (id: string | null, option: PlaceOption | null) => void;
  /** What is typed, as it is typed (a form that sends a text not chosen for the server to read or refuse). */
  onTextChange?: (text: string) => void;
  useOptions: (text: string) => { options: PlaceOption[]; loading: boolean };
  error?: string | undefined;
  placeholder?: string;
  /**
   * Tab or Enter takes the option a typed text points at (its exact code or name, else the best match), highlighted as
   * the agent types (decision 046). On for places; off for a list where a wrong guess costs more (a traveller).
   */
  takeTyped?: boolean;
  /** The field `/` focuses on this screen (decision 046). */
  searchFocus?: boolean;
}

/**
 * What the agent typed in the field before its code came (`/` then `LON` at once), and whether they pressed Tab or
 * Enter on it: the field goes on with the text, and takes the place it names as if pressed there (decision 046).
 */
export interface EarlyTyping {
  text: string | null;
  taken: boolean;
}
