import { Avatar } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { profileMessages as t } from '../messages';
import { displayName } from '../../../session/user-display';
import { avatarColour, initialsOf } from '../user-display';

export interface UserAvatarProps {
  user: Pick<User, 'id' | 'photo_url' | 'name' | 'first_name' | 'last_name' | 'username'>;
  size?: 20 | 24 | 28 | 40 | 48 | 96;
}

/**
 * The user's photo; without one, or when it fails to load (a Telegram photo link that expired), the initials on a
 * coloured circle: telegram-ui's Avatar shows its fallback whenever the image is missing or failed. The initials are
 * passed as that fallback rather than as `acronym`, which the kit renders as an h1 (a heading reading «ИП»).
 */
export function UserAvatar({ user, size = 96 }: UserAvatarProps) {
  const name = displayName(user) ?? t.noName;
  return (
    <Avatar
      className="profile-avatar"
      size={size}
      src={user.photo_url ?? undefined}
      alt={t.avatarAlt(name)}
      fallbackIcon={
        <span className="profile-avatar__initials" style={{ fontSize: Math.round(size * 0.4) }} aria-hidden="true">
          {initialsOf(user)}
        </span>
      }
      style={{ backgroundColor: avatarColour(user.id), color: '#fff' }}
    />
  );
}
