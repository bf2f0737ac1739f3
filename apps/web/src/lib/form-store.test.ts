import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormStore, getAt, type Resolver, setAt } from './form-store.ts';
import { zodResolver } from './use-form.ts';

const Schema = z.object({
  email: z.email('Enter an email address'),
  name: z.string().trim().min(1, 'Enter a name'),
  legs: z.array(z.object({ from: z.string().min(3, 'Choose where from') })).min(2, 'Add a second flight'),
});
type Form = z.input<typeof Schema>;

const zod = zodResolver<Form>(Schema);

const form = (values: Partial<Form> = {}, resolver = zod) =>
  new FormStore<Form>({ email: '', name: '', legs: [{ from: '' }], ...values }, resolver);

const element = () => {
  const focused: string[] = [];
  return { focused, of: (name: string) => ({ focus: () => focused.push(name) }) };
};

describe('a form', () => {
  it('checks nothing before the first submit', async () => {
    const store = form();
    store.change('email', 'not an email');
    await Promise.resolve();
    expect(store.formState.errors).toEqual({});
  });

  it('refuses a submit with errors, does not call the handler, and focuses the first field in error drawn', async () => {
    const store = form();
    const els = element();
    store.bindElement('email', els.of('email'));
    store.bindElement('name', els.of('name'));
    let called = false;
    await store.handleSubmit(() => {
      called = true;
    })();
    expect(called).toBe(false);
    expect(store.errorAt('email')?.message).toBe('Enter an email address');
    expect(store.errorAt('name')?.message).toBe('Enter a name');
    expect(els.focused).toEqual(['email']);
    expect(store.formState.isSubmitted).toBe(true);
  });

  it("hands the handler the schema's values (trimmed), not what was typed", async () => {
    const store = form({ email: 'a@b.co', name: '  Noor  ', legs: [{ from: 'LON' }, { from: 'PAR' }] });
    let got: unknown = null;
    await store.handleSubmit((values) => {
      got = values;
    })();
    expect(got).toEqual({ email: 'a@b.co', name: 'Noor', legs: [{ from: 'LON' }, { from: 'PAR' }] });
    expect(store.formState.errors).toEqual({});
  });

  it('after a submit, a change checks its own field and leaves the others as they were', async () => {
    const store = form();
    await store.handleSubmit(() => undefined)();
    store.setError('name', { message: 'The service refused this name' });
    store.change('email', 'a@b.co');
    await expect.poll(() => store.errorAt('email')).toBeUndefined();
    expect(store.errorAt('name')?.message).toBe('The service refused this name');
  });

  it("puts a list's own error beside its rows' errors, as root", async () => {
    const store = form();
    await store.handleSubmit(() => undefined)();
    expect(getAt(store.formState.errors, 'legs.root.message')).toBe('Add a second flight');
    expect(store.errorAt('legs.0.from')?.message).toBe('Choose where from');
  });

  it("reads a change event's value, and a checkbox's checked", () => {
    const store = form();
    store.change('name', { target: { value: 'Amira' } });
    expect(store.getValues('name')).toBe('Amira');
    store.change('legs.0.from', { target: { type: 'checkbox', checked: true, value: 'on' } });
    expect(store.getValues('legs.0.from')).toBe(true);
  });

  it('replaces its values on each change, keeping what did not change', () => {
    const store = form({ legs: [{ from: 'LON' }, { from: 'PAR' }] });
    const before = store.getValues();
    store.setValue('legs.1.from', 'ROM');
    const after = store.getValues();
    expect(after).not.toBe(before);
    expect(after.legs[0]).toBe(before.legs[0]);
    expect(before.legs[1]?.from).toBe('PAR');
  });

  it('never lets an older check overwrite a later one', async () => {
    let release: () => void = () => undefined;
    const slow: Resolver<Form> = async (values) => {
      if (values.email === 'slow') await new Promise<void>((resolve) => (release = resolve));
      return zod(values);
    };
    const store = form({ name: 'Noor', legs: [{ from: 'LON' }, { from: 'PAR' }] }, slow);
    await store.handleSubmit(() => undefined)();
    store.change('email', 'slow');
    store.change('email', 'a@b.co');
    await expect.poll(() => store.errorAt('email')).toBeUndefined();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.errorAt('email')).toBeUndefined();
  });

  it('keeps each row its id while rows around it come and go', () => {
    const store = form({ legs: [{ from: 'LON' }, { from: 'PAR' }, { from: 'ROM' }] });
    const [a, , c] = store.rowIds('legs');
    store.editRows('legs', (rows, ids) => [rows.filter((_, i) => i !== 1), ids.filter((_, i) => i !== 1)]);
    expect(store.rowIds('legs')).toEqual([a, c]);
    expect(store.getValues('legs')).toEqual([{ from: 'LON' }, { from: 'ROM' }]);
  });

  it('goes back to its first values, unsubmitted, on reset', async () => {
    const store = form();
    store.change('name', 'Noor');
    await store.handleSubmit(() => undefined)();
    store.reset();
    expect(store.getValues('name')).toBe('');
    expect(store.formState).toEqual({ errors: {}, isSubmitted: false, isSubmitting: false });
  });
});

describe("a field's errors", () => {
  const Address = z.object({
    address: z.object({
      street: z.string().min(1, 'Enter the street'),
      city: z.string().min(1, 'Enter the city'),
    }),
    ages: z.array(z.number({ error: 'Enter the age' })),
    title: z.union([z.literal('mr'), z.literal('ms')], { error: 'Choose a title' }),
  });
  type AddressForm = z.input<typeof Address>;
  const resolver = zodResolver<AddressForm>(Address);

  it("gives a field whose value has parts its parts' errors (an address's lines, ages by number)", async () => {
    const store = new FormStore<AddressForm>(
      { address: { street: 'Rue de Rivoli', city: '' }, ages: [7, Number.NaN], title: 'mr' },
      resolver,
    );
    await store.handleSubmit(() => undefined)();
    expect(store.errorAt('address')).toBeUndefined();
    expect(getAt(store.errorsAt('address'), 'city.message')).toBe('Enter the city');
    expect(getAt(store.errorsAt('ages'), '1.message')).toBe('Enter the age');
    expect(store.errorsAt('title')).toBeUndefined();
  });
});

describe('setAt', () => {
  it('makes arrays for row numbers in values, and objects in errors', () => {
    expect(setAt({}, 'rooms.0.adults', 2)).toEqual({ rooms: [{ adults: 2 }] });
    expect(setAt({}, 'rooms.0.adults', 'x', true)).toEqual({ rooms: { 0: { adults: 'x' } } });
  });
});
