/** The first letter of a name inside the kit's Avatar, given as its fallbackIcon (its `acronym` renders an h1). */
export function Initial({ text }: { text: string }) {
  return (
    <span className="admin-initial" aria-hidden="true">
      {text.slice(0, 1).toUpperCase()}
    </span>
  );
}
