import { lazy, Suspense, useEffect, useId, useState } from 'react';
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
 * A keyboard-operable autocomplete over places (place-combobox-live.tsx). Until its code has come, the field is drawn
 * as it will be, read-only, so the form does not move; a field the agent is already in keeps the cursor.
 */
export function PlaceCombobox(props: PlaceComboboxProps) {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    // Fetched ahead, in the background (a failure here reloads nothing; drawing the field does, through the lazy).
    loadLive().catch(() => undefined);
  }, []);
  return (
    <Suspense fallback={<Placeholder {...props} onFocus={setFocused} />}>
      <Live {...props} focused={focused} />
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
  onFocus,
}: PlaceComboboxProps & { onFocus: (focused: boolean) => void }) {
  const id = useId();
  return (
    <div className="field combobox-field">
      <label htmlFor={id}>{label}</label>
      <div className="combo">
        <input
          id={id}
          readOnly
          defaultValue={valueLabel ?? value ?? ''}
          placeholder={placeholder}
          data-search-focus={searchFocus || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onFocus={() => onFocus(true)}
          onBlur={() => onFocus(false)}
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
