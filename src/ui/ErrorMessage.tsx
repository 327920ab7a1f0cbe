/** An error the user must see: announced to assistive technology, nothing when empty. */
export function ErrorMessage({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="notice error" role="alert">
      {message}
    </p>
  ) : null;
}
