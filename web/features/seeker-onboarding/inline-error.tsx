/** The error line under a control that is not wrapped in a Field (photo upload, chips). */
export function InlineError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-red-600">
      {message}
    </p>
  );
}
