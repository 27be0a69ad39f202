import { Badge, type MantineColor, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const USER_ROLES = ['student', 'teacher', 'admin'] as const;

export type UserRole = (typeof USER_ROLES)[number];

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);
}

const ROLE_COLORS: Record<UserRole, MantineColor> = {
  student: 'blue',
  teacher: 'teal',
  admin: 'grape',
};

export interface RoleBadgeProps {
  /** A role from the users table; anything unexpected is shown as stored, in grey. */
  role: UserRole | (string & {});
  size?: MantineSize;
}

export function RoleBadge({ role, size = 'sm' }: RoleBadgeProps) {
  const { t } = useTranslation('common');
  if (!isUserRole(role)) {
    return (
      <Badge color="gray" variant="light" size={size}>
        {role}
      </Badge>
    );
  }
  return (
    // Never cut to 'STU…' in a narrow table column: the label keeps its whole width.
    <Badge
      color={ROLE_COLORS[role]}
      variant="light"
      size={size}
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(`roles.${role}`)}
    </Badge>
  );
}
