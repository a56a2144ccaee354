// The profiles module's public surface (docs/decisions/1310): what other modules may import.
export { getPublicProfile } from './profiles.service';
export { avatarFileNames, deleteProfileOf } from './profiles.service';
