import { lazy, type RefObject, Suspense, useEffect, useId, useRef, useState } from 'react';
import { loadOrReload } from '../lib/new-version.ts';
import type { EarlyTyping, PlaceComboboxProps } from './place-option.ts';

export type { PlaceOption } from './place-option.ts';

// Downshift (about 11 KiB gzip) is not needed to draw a search form, only to use its place fields: it loads after the
// search screen's first paint, asked for as the first place field mounts (decision 038).
const loadLive = () => import('./place-combobox-live.tsx');
const Live = lazy(async () => ({ default: (await loadOrReload(loadLive)).PlaceComboboxLive }));

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
