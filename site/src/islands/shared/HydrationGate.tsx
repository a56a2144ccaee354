// Keeps a form's controls disabled until its island has hydrated: text typed into the server-rendered
// form before React takes over would otherwise be replaced by the island's empty state (seen on slow
// devices, and in tests that type as soon as the page shows).
import { useEffect, useState, type ReactNode } from 'react';

export function HydrationGate({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <fieldset disabled={!hydrated} className="contents" data-hydrated={hydrated ? 'true' : 'false'}>
      {children}
    </fieldset>
  );
}
