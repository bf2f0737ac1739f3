/** A group of checkboxes under one legend; `value` holds the checked ids, in the order of `options`. */
export function CheckGroup({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { id: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.id} className="check">
          <input
            type="checkbox"
            checked={value.includes(option.id)}
            onChange={(event) =>
              onChange(
                options
                  .filter((o) => (o.id === option.id ? event.target.checked : value.includes(o.id)))
                  .map((o) => o.id),
              )
            }
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
