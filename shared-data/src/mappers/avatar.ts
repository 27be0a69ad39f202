import { configuredProjectUrl } from '@portal/shared-data/session';
import { avatarPublicUrl } from '../rules/storage-names';

/**
 * The picture to show for a stored `avatar_url`: the database holds the object name in the public
 * avatars bucket (`<user id>/<file>`), never an address, and the page builds the URL from its own
 * configured project, so a profile cannot make anyone's browser fetch from another host. Null for no
 * picture or anything that is not such a name.
 */
export function avatarOf(stored: string | null | undefined): string | null {
  return avatarPublicUrl(configuredProjectUrl(), stored);
}
