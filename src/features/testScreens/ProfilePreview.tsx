/** A fetched profile's fields as a description list (the test screens' result cards). */
export function ProfilePreview({ label, fields }: { label: string; fields: [string, string][] }) {
  return (
    <section aria-label={label} className="test-card">
      <dl>
        {fields.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
