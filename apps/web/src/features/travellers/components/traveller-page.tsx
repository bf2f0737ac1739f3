import type { Traveller, TravellerInput } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { ErrorNotice, QueryErrorNotice } from '../../../components/error-notice.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { AlreadySaved } from '../../../components/office-parts.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { notify } from '../../../components/toasts.tsx';
import { sentence } from '../../../lib/format.ts';
import { useMe } from '../../../lib/me.ts';
import { readingPhones } from '../../../lib/phone-resolver.ts';
import { Controller, useFieldArray, useForm, zodResolver } from '../../../lib/use-form.ts';
import { matchesOf, travellerQuery, useDeleteTraveller, useSaveTraveller } from '../api/travellers.ts';
import {
  emptyDocument,
  type TravellerForm,
  TravellerFormSchema,
  toForm,
  toInput,
} from '../traveller-form.ts';
import { TravellerBookings } from './traveller-bookings.tsx';

/** What a page sending the agent here asks to be focused on arrival. */
const ArrivalSchema = z.object({ focus: z.enum(['heading', 'bookings']) });

/** One traveller: a new one (`/travellers/new`) or one of the directory, to see, change or (admins) delete. */
export function TravellerPage() {
  const { travellerId = '' } = useParams();
  const creating = travellerId === 'new';
  const traveller = useQuery({ ...travellerQuery(travellerId), enabled: !creating });
  const navigate = useNavigate();
  // A profile merged into another: its old address leads to the one kept (decision 043).
  const keptId = traveller.data?.id;
  useEffect(() => {
    if (!creating && keptId && keptId !== travellerId)
      void navigate(`/travellers/${encodeURIComponent(keptId)}`, { replace: true });
  }, [creating, keptId, travellerId, navigate]);
  if (creating) return <TravellerEditor />;
  if (traveller.isPending) return <p className="loading">Loading the traveller…</p>;
  if (traveller.error) return <QueryErrorNotice query={traveller} title="Could not load this traveller" />;
  return <TravellerEditor key={traveller.data.updated_at} traveller={traveller.data} />;
}

function TravellerEditor({ traveller }: { traveller?: Traveller }) {
  const navigate = useNavigate();
  // Where the work is after arriving here from a save or a merge: the profile's name, or its bookings.
  const arrived = ArrivalSchema.safeParse(useLocation().state).data?.focus;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (arrived === 'heading') heading.current?.focus();
  }, [arrived]);
  const isAdmin = useMe().data?.user.role === 'admin';
  const save = useSaveTraveller();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteTraveller();
  const form = useForm<TravellerForm>({
    resolver: readingPhones(zodResolver(TravellerFormSchema), [['phone']]),
    defaultValues: toForm(traveller),
  });
  const documents = useFieldArray({ control: form.control, name: 'documents' });
  const err = (m: string | undefined) => (m ? sentence(m) : undefined);
  // What was last sent: a save refused because the traveller is there already is sent again as the agent chooses.
  const [sent, setSent] = useState<TravellerInput | null>(null);
  const send = (body: TravellerInput, extra: { on_match?: 'update' | 'new'; update_id?: string } = {}) => {
    setSent(body);
    save.mutate(
      { ...(traveller ? { id: traveller.id } : {}), body: traveller ? body : { ...body, ...extra } },
      {
        onSuccess: (saved) => {
          notify(
            'Traveller saved',
            saved.outcome === 'updated'
              ? `${saved.given_name} ${saved.family_name}'s profile was updated.`
              : `${saved.given_name} ${saved.family_name} is in the directory.`,
          );
          if (!traveller)
            void navigate(`/travellers/${encodeURIComponent(saved.id)}`, {
              replace: true,
              state: { focus: 'heading' },
            });
          // Saved in place: focus on the profile's name (its button was busy while saving).
          else heading.current?.focus();
        },
      },
    );
  };
  const submit = form.handleSubmit((values) => send(toInput(TravellerFormSchema.parse(values))));
  const found = traveller ? null : matchesOf(save.error);
  const title = traveller ? `${traveller.given_name} ${traveller.family_name}` : 'New traveller';

  return (
    <div className="page stack">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <Link to="/travellers">All travellers</Link>
      </div>
      <form className="card stack" aria-label="Traveller" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted small">
          Names exactly as on the travel document. Only the office’s agents see this.
        </p>
        <div className="row">
          <FormTextField control={form.control} name="given_name" label="Given names" autoComplete="off" />
          <FormTextField control={form.control} name="family_name" label="Family name" autoComplete="off" />
          <Controller
            control={form.control}
            name="date_of_birth"
            render={({ field, fieldState }) => (
              <DateField
                label="Date of birth"
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={err(fieldState.error?.message)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="gender"
            render={({ field }) => (
              <SelectField
                label="Gender"
                value={field.value}
                onChange={field.onChange}
                options={[
                  { id: '', label: 'Not given' },
                  { id: 'female', label: 'Female' },
                  { id: 'male', label: 'Male' },
                ]}
              />
            )}
          />
          <FormTextField
            control={form.control}
            name="nationality"
            label="Nationality (optional)"
            description="Two-letter code, e.g. GB"
          />
        </div>
        <div className="row">
          <FormTextField control={form.control} name="email" label="Email (optional)" type="email" />
          <FormTextField
            control={form.control}
            name="phone"
            label="Phone (optional)"
            type="tel"
            description="International form, e.g. +442071234567"
          />
          <FormTextField control={form.control} name="notes" label="Notes (optional)" />
        </div>
        <h2>Documents</h2>
        {documents.fields.length === 0 && <p className="muted small">No document yet.</p>}
        {documents.fields.map((field, index) => (
          <fieldset key={field.id} className="passenger">
            <legend>Document {index + 1}</legend>
            <div className="row">
              <Controller
                control={form.control}
                name={`documents.${index}.kind`}
                render={({ field: kind }) => (
                  <SelectField
                    label="Kind"
                    value={kind.value}
                    onChange={kind.onChange}
                    options={[
                      { id: 'passport', label: 'Passport' },
                      { id: 'national_id', label: 'National ID card' },
                    ]}
                  />
                )}
              />
              <FormTextField control={form.control} name={`documents.${index}.number`} label="Number" />
              <FormTextField
                control={form.control}
                name={`documents.${index}.country`}
                label="Issued by"
                description="e.g. GB"
              />
              <Controller
                control={form.control}
                name={`documents.${index}.expires_on`}
                render={({ field: expires, fieldState }) => (
                  <DateField
                    label="Expires"
                    value={expires.value || null}
                    onChange={(v) => expires.onChange(v ?? '')}
                    error={err(fieldState.error?.message)}
                  />
                )}
              />
            </div>
            <div className="row">
              <FormTextField
                control={form.control}
                name={`documents.${index}.given_name`}
                label="Given names on it (if different)"
              />
              <FormTextField
                control={form.control}
                name={`documents.${index}.family_name`}
                label="Family name on it (if different)"
              />
              <button type="button" className="button" onClick={() => documents.remove(index)}>
                Remove document {index + 1}
              </button>
            </div>
          </fieldset>
        ))}
        <div>
          <button type="button" className="button" onClick={() => documents.append(emptyDocument())}>
            Add a document
          </button>
        </div>
        {found && sent ? (
          <AlreadySaved
            name={`${sent.given_name} ${sent.family_name}`}
            matches={found}
            pending={save.isPending}
            onUpdate={(id) => send(sent, { on_match: 'update', update_id: id })}
            onNew={() => send(sent, { on_match: 'new' })}
          />
        ) : (
          save.error && <ErrorNotice error={save.error} title="The traveller was not saved" />
        )}
        <div className="actions">
          <button type="submit" className="button primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save traveller'}
          </button>
          {traveller && isAdmin && (
            <button type="button" className="button danger" onClick={() => setConfirmDelete(true)}>
              Delete traveller…
            </button>
          )}
        </div>
      </form>
      {traveller && <TravellerBookings id={traveller.id} focused={arrived === 'bookings'} />}
      {remove.error && <ErrorNotice error={remove.error} title="The traveller was not deleted" />}
      {traveller && (
        <ConfirmDialog
          isOpen={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={`Delete ${title}?`}
          confirmLabel="Delete traveller and their data"
          live={false}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(traveller.id, {
              onSuccess: () => {
                setConfirmDelete(false);
                notify('Traveller deleted', `${title} and their data are gone from the directory.`);
                void navigate('/travellers', { replace: true });
              },
            })
          }
        >
          <p>
            Their names, date of birth, documents, contact and notes are removed from the directory. Bookings
            already made keep the names the service holds.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
