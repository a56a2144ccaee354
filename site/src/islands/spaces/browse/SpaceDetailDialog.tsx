// The space detail dialog (spec 2.6): Radix Dialog, 700 px wide, at most 90% of the viewport high,
// scrolling inside; a link to the listing's own shareable page.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect } from 'react';
import { countCardOpen } from '../../../lib/api/listing-numbers';
import type { Space } from '#contracts/spaces.schemas';
import { SpaceDetail } from '../detail/SpaceDetail';
import type { SpaceViewer } from '../shared/SpaceActions';
import type { GrowingSystem } from '#contracts/growing';

export function SpaceDetailDialog({ space, viewer, onClose, system }: { space: Space | null; viewer: SpaceViewer; onClose: () => void; system?: GrowingSystem }) {
  // A card opened: counted for the owner's numbers (issue 19); nothing about the visitor is sent.
  useEffect(() => {
    if (space) countCardOpen(space.id);
  }, [space?.id]);
  return (
    <Dialog.Root open={space !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-(--z-overlay) bg-ink/50 backdrop-blur-[2px]" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-(--z-modal) max-h-[90vh] w-[calc(100vw-2rem)] max-w-[700px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8"
          data-testid="space-dialog"
        >
          {space && (
            <>
              <Dialog.Description className="sr-only">
                Details of {space.title} in {space.city}
              </Dialog.Description>
              <SpaceDetail space={space} viewer={viewer} system={system} title={<Dialog.Title className="line-clamp-3 text-2xl font-bold tracking-tight wrap-anywhere text-ink" title={space.title}>{space.title}</Dialog.Title>} />
              <p className="mt-4 text-center text-sm">
                <a href={`/spaces/${space.id}${system ? `?system=${system.id}` : ''}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                  Open the listing page
                </a>
              </p>
            </>
          )}
          <Dialog.Close className="absolute top-4 right-4 rounded-full p-2 text-muted hover:bg-brand-50 hover:text-ink" aria-label="Close">
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
