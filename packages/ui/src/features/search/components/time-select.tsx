import { Select } from '@telegram-apps/telegram-ui';

/** Every half hour of the day, 00:00 to 23:30. */
const HALF_HOURS = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);

/**
 * A working-hours bound as a list of times: the browser's own time field follows the system locale (AM/PM on an
 * English system), this one is always 24-hour. A stored time off the half-hour grid stays selectable.
 */
export function TimeSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (time: string) => void;
}) {
  const times = HALF_HOURS.includes(value) ? HALF_HOURS : [...HALF_HOURS, value].sort();
  return (
    <Select header={label} aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {times.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </Select>
  );
}
