// Under the list-space form's Full Address (issue 25 item 7): tells the owner the street address is public
// (spec 2.6 shows it in the detail) and offers to keep it for the farmers they are talking with.
export function StreetAddressPrivacy({ checked, city, onChange }: { checked: boolean; city: string; onChange(hide: boolean): void }) {
  const area = city.trim() || 'the city';
  return (
    <div className="flex flex-col gap-2">
      <p id="ls-address-privacy" className="text-xs text-muted" aria-live="polite">
        {checked
          ? `Only farmers in a conversation with you about this listing see the street address. Everyone else sees ${area} and a map pin rounded to about 100 m.`
          : 'The street address is public: anyone can read it on your listing page. The map pin is rounded to about 100 m.'}
      </p>
      <label className="flex items-start gap-2 text-sm text-ink">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-[var(--color-brand-700)]" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="hide-street-address" />
        <span>Show the street address only to farmers I am talking with</span>
      </label>
    </div>
  );
}
