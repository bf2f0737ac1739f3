import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { loadOrReload } from '../lib/new-version.ts';

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

// Downshift (about 11 KiB gzip) is not needed to draw a search form, only to use its place fields: it loads after the
// search screen's first paint, asked for as the first place field mounts (decision 038).
const loadLive = () => import('./place-combobox-live.tsx');
const Live = lazy(async () => ({ default: (await loadOrReload(loadLive)).PlaceComboboxLive }));

/**
 * What the agent typed in the field before its code came (`/` then `LON` at once), and whether they pressed Tab or
 * Enter on it: the field goes on with the text, and takes the place it names as if pressed there (decision 046).
 */
export interface EarlyTyping {
  text: string | null;
  taken: boolean;
}

/**
 * A keyboard-operable autocomplete over places (place-combobox-live.tsx). Until its code has come, the field is drawn
 * as it will be, so the form does not move; a field the agent is already in keeps the cursor and what was typed.
 */
export function PlaceCombobox(props: PlaceComboboxProps) {
  const [focused, setFocused] = useState(false);
  const early = useRef<EarlyTyping>({ text: null, taken: false });
  useEffect(() => {
    // Fetched ahead, in the background (a failure here reloads nothing; drawing the field does, through the lazy).
    loadLive().catch(() => undefined);
  }, []);
  return (
    <Suspense fallback={<Placeholder {...props} onFocus={setFocused} early={early} />}>
      <Live {...props} focused={focused} early={early.current} />
    </Suspense>
  );
}

function Placeholder({
  label,
  value,
  valueLabel,
  error,
  placeholder,
  searchFocus,
  takeTyped = true,
  onChange,
  onTextChange,
  onFocus,
  early,
}: PlaceComboboxProps & { onFocus: (focused: boolean) => void; early: RefObject<EarlyTyping> }) {
  const id = useId();
  const typed = () => (early.current.text ?? '').trim().length >= 2;
  return (
    <div className="field combobox-field">
      <label htmlFor={id}>{label}</label>
      <div className="combo">
        <input
          id={id}
          defaultValue={valueLabel ?? value ?? ''}
          onChange={(event) => {
            early.current.text = event.currentTarget.value;
            early.current.taken = false;
            onTextChange?.(event.currentTarget.value);
            if (value) onChange(null, null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !takeTyped || !typed()) return;
            event.preventDefault();
            early.current.taken = true;
          }}
          placeholder={placeholder}
          data-search-focus={searchFocus || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={() => onFocus(true)}
          onBlur={() => {
            if (takeTyped && typed()) early.current.taken = true;
            onFocus(false);
          }}
        />
        <button type="button" tabIndex={-1} aria-hidden="true" disabled>
          ▾
        </button>
      </div>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
