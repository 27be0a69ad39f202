import { ThemeIcon, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TYPE_STYLES, isKnownType, type MaterialType } from '../type-badge/type-styles';

export interface MaterialTypeIconProps {
  /** Unknown types get the generic file icon. */
  type: MaterialType | (string & {});
  size?: MantineSize | number;
  /**
   * Decorative by default (the card's badge already names the type). Set it when the icon stands
   * alone, so screen readers announce the type.
   */
  labelled?: boolean;
}

/** The material type's icon in its colour, matching `TypeBadge`. */
export function MaterialTypeIcon({ type, size = 'lg', labelled = false }: MaterialTypeIconProps) {
  const { t } = useTranslation('common');
  const { color, icon: Icon, labelKey } = TYPE_STYLES[isKnownType(type) ? type : 'other'];
  const label = isKnownType(type) ? t(labelKey) : type;
  return (
    <ThemeIcon
      color={color}
      variant="light"
      size={size}
      radius="md"
      {...(labelled ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <Icon style={{ width: '65%', height: '65%' }} aria-hidden />
    </ThemeIcon>
  );
}
