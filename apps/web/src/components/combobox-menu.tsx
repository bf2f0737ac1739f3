import type { UseComboboxReturnValue } from 'downshift';

/** The popup list of a Downshift combobox: each option's name and a muted detail, or a line saying why it is empty. */
export function ComboboxMenu<T>({
  combobox,
  items,
  itemKey,
  label,
  detail,
  empty,
}: {
  combobox: UseComboboxReturnValue<T>;
  items: readonly T[];
  itemKey: (item: T) => string;
  label: (item: T) => string;
  detail: (item: T) => string;
  empty: string;
}) {
  return (
    <ul {...combobox.getMenuProps()} className="popover listbox" hidden={!combobox.isOpen}>
      {combobox.isOpen &&
        items.map((item, index) => (
          <li
            key={itemKey(item)}
            className="option"
            data-focused={combobox.highlightedIndex === index || undefined}
            {...combobox.getItemProps({ item, index })}
          >
            <span>{label(item)}</span>
            <span className="muted small">{detail(item)}</span>
          </li>
        ))}
      {combobox.isOpen && items.length === 0 && (
        <li className="muted small option-empty" aria-disabled="true">
          {empty}
        </li>
      )}
    </ul>
  );
}
