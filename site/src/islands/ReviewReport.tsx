// "Report this review" under each review on a person's profile (/people/{id}, issue 43 item 15): anyone signed
// in who reads it may report it (not its author), with the reasons that fit a review; a visitor is offered to
// sign in first. The dialog's code loads only when the button is pressed (ReportButton).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $user, loadUser } from '../lib/stores/user-store';
import { ReportButton } from './spaces/detail/ReportButton';

export default function ReviewReport({ reviewId, authorId, returnPath }: { reviewId: number; authorId: number | null; returnPath: string }) {
  const user = useStore($user);
  // The server's markup knows no visitor: the first render matches it, the visitor shows from the next.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void loadUser();
  }, []);
  if (!hydrated || user.status === 'loading') return null;
  if (user.status === 'anonymous') {
    return (
      <a href={`/login?next=${encodeURIComponent(returnPath)}`} className="text-sm text-muted underline underline-offset-2 hover:text-ink">
        Sign in to report this review
      </a>
    );
  }
  if (user.status !== 'signed-in' || user.user.id === authorId) return null;
  return <ReportButton target={{ reviewId }} label="Report this review" />;
}
