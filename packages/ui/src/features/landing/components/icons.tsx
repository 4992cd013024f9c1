// Inline line icons: no icon font and no emoji, which headless and older systems render as boxes.
import { LineIcon } from '../../../components/line-icon';

const Icon = LineIcon;

export function SparklesIcon() {
  return (
    <Icon>
      <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z" />
      <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
    </Icon>
  );
}

export function ShieldCheckIcon() {
  return (
    <Icon>
      <path d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z" />
      <path d="M9 12l2 2 4-4" />
    </Icon>
  );
}

export function BoltIcon() {
  return (
    <Icon>
      <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
    </Icon>
  );
}

export function RubleIcon() {
  return (
    <Icon>
      <path d="M8 20V4h6a4 4 0 0 1 0 8H6" />
      <path d="M6 16h9" />
    </Icon>
  );
}
