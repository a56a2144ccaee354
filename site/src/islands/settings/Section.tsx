// A settings tab's frame: its title and what it is for above its content.
import type { ReactNode } from 'react';

export function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h2 className="text-xl font-semibold text-ink">{title}</h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </header>
      {children}
    </section>
  );
}
