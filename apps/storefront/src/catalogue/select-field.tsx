/** A labelled choice from a list (filters, sorting): the value picked goes out as a string. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  inline = false,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Label beside the list instead of above it. */
  inline?: boolean;
}) {
  return (
    <label className={`flex gap-1 text-sm ${inline ? 'items-center gap-2' : 'flex-col'}`}>
      <span className="whitespace-nowrap font-medium">{label}</span>
      <select
        className={`min-h-10 rounded-md border border-current/30 bg-transparent px-2 ${inline ? 'w-auto' : 'w-full'}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
