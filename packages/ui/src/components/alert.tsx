import './alert.css';

/** A failure the screen reports (a save, a delete, a send), announced as it appears; nothing when there is none. */
export function Alert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `alert ${className}` : 'alert'} role="alert">
      {message}
    </p>
  );
}
