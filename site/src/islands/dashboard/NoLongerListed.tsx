// The mark beside a listing its owner deleted: its conversations and inquiries stay readable
// (docs/decisions/0304), so the dashboard says why the listing itself is gone.
import { MESSAGING_TEXTS } from '#contracts/messaging';

export function NoLongerListed({ space }: { space: { noLongerListed: boolean } }) {
  if (!space.noLongerListed) return null;
  return (
    <span className="ml-1 inline-block rounded-full bg-soil-100 px-2 py-0.5 text-[11px] font-medium text-muted" data-no-longer-listed>
      {MESSAGING_TEXTS.noLongerListed}
    </span>
  );
}
