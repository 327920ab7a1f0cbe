/** A raw-data toggle and the JSON it shows (the test screens'). */
import { useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';

export function RawJson({ what, value }: { what: string; value: unknown }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div>
      <Button aria-expanded={shown} aria-controls={id} onPress={() => setShown(!shown)}>
        {shown ? `Hide raw ${what}` : `Show raw ${what}`}
      </Button>
      <pre id={id} hidden={!shown} className="test-json" tabIndex={shown ? 0 : -1}>
        {shown ? JSON.stringify(value, null, 2) : ''}
      </pre>
    </div>
  );
}
