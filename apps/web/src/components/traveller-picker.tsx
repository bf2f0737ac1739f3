import type { Traveller } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { travellerListQuery, travellerQuery } from '../lib/office.ts';
import { ErrorNotice } from './error-notice.tsx';
import { PlaceCombobox } from './place-combobox.tsx';

function useTravellerOptions(text: string) {
  const list = useQuery({ ...travellerListQuery(text.trim()), enabled: text.trim().length >= 2 });
  return {
    options: (list.data?.data ?? []).map((t) => ({
      id: t.id,
      label: `${t.given_name} ${t.family_name}`,
      detail: `born ${t.date_of_birth}${t.document_expires_on ? ` · document to ${t.document_expires_on}` : ''}`,
    })),
    loading: list.isFetching,
  };
}

/**
 * Picks a traveller of the office's directory for a booking form: search by name, email or document number; the
 * whole profile is read when one is chosen and handed to the form to fill its fields.
 */
export function TravellerPicker({
  label,
  onPick,
}: {
  label: string;
  onPick: (traveller: Traveller) => void;
}) {
  const client = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  return (
    <div className="traveller-picker">
      <PlaceCombobox
        label={label}
        value={null}
        takeTyped={false}
        placeholder="Name, email or passport number"
        useOptions={useTravellerOptions}
        onChange={(id) => {
          if (!id) return;
          setError(null);
          client.fetchQuery(travellerQuery(id)).then(onPick, setError);
        }}
      />
      {error ? <ErrorNotice error={error} title="Could not read that traveller" /> : null}
    </div>
  );
}
