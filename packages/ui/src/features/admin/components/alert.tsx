/** A failure the screen reports (a save, a delete, a poll), announced as it appears; nothing when there is none. */
export function Alert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `admin-alert ${className}` : 'admin-alert'} role="alert">
      {message}
    </p>
  );
}
