// A dialog whose code loads when its button is first pressed (issue 32): until then the button is a plain
// button, so a page with many cards does not download, parse and hydrate Radix Dialog and the dialog's form
// for every card before anyone can scroll. Pointing at or focusing the button starts the download early; the
// press opens the dialog as soon as its code is there (the dialog renders open at once).
import { cloneElement, Suspense, useState, type ReactElement } from 'react';

type Trigger = ReactElement<{ onClick?: () => void; onPointerEnter?: () => void; onFocus?: () => void }>;

export function OnDemandDialog({ trigger, preload, dialog }: { trigger: Trigger; preload: () => Promise<unknown>; dialog: (trigger: Trigger) => ReactElement }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) return cloneElement(trigger, { onClick: () => setWanted(true), onPointerEnter: () => void preload(), onFocus: () => void preload() });
  return <Suspense fallback={trigger}>{dialog(trigger)}</Suspense>;
}
