import { Badge, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TYPE_STYLES, isKnownType, type KnownType } from './type-styles';

export interface TypeBadgeProps {
  /**
   * A material type (pdf, document, video, audio, link, other), an activity type (assignment, quiz,
   * project, homework, presentation) or a class type (live, recorded). Anything else is shown as
   * stored, in grey.
   */
  type: KnownType | (string & {});
  size?: MantineSize;
  /** Shows the type's icon before the label (default true). */
  withIcon?: boolean;
}

export function TypeBadge({ type, size = 'sm', withIcon = true }: TypeBadgeProps) {
  const { t } = useTranslation('common');
  if (!isKnownType(type)) {
    return (
      <Badge color="gray" variant="light" size={size}>
        {type}
      </Badge>
    );
  }
  const { color, icon: Icon, labelKey } = TYPE_STYLES[type];
  return (
    <Badge
      color={color}
      variant="light"
      size={size}
      leftSection={withIcon ? <Icon size={12} stroke={2} aria-hidden /> : undefined}
    >
      {t(labelKey)}
    </Badge>
  );
}
