import { Input } from '@telegram-apps/telegram-ui';

export interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above a reference list; the list filters as one types (core's search rules). */
export function SearchField({ label, value, onChange }: SearchFieldProps) {
  return (
    <div className="admin-search">
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
