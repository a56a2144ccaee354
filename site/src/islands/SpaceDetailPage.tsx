// The page /spaces/{id}: the same detail as the dialog, server-rendered for sharing and search engines,
// hydrated so the action area follows the visitor's sign-in state.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Space } from '../../../contracts/spaces';
import { $user, loadUser } from '../lib/user-store';
import { SpaceDetail } from './spaces/SpaceDetail';

export default function SpaceDetailPage({ space, now }: { space: Space; now: number }) {
  const viewer = useStore($user);
  useEffect(() => void loadUser(), []);
  return (
    <SpaceDetail
      space={space}
      viewer={viewer}
      now={now}
      title={<h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{space.title}</h1>}
    />
  );
}
