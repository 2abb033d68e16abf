/** A fieldset of checkboxes posting `name` once per ticked value (permissions, scopes, events). */
export function CheckboxGroup({ legend, name, options, checked, idPrefix }: { legend: string; name: string; options: readonly { value: string; label: string }[]; checked: readonly string[]; idPrefix: string }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} htmlFor={`${idPrefix}-${option.value}`} className="flex items-center gap-2 text-sm">
            <input id={`${idPrefix}-${option.value}`} type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} className="size-4 accent-[var(--accent)]" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
