import { ColorInput, ColorSwatch, Group, Stack, type ColorInputProps } from '@mantine/core';
import { colorShades, isHexColor } from '@portal/shared-ui';

export interface ColorFieldProps extends Omit<ColorInputProps, 'format'> {
  /** Names the row of generated shades for screen readers ("The ten shades of Primary color"). */
  shadesLabel: string;
}

/**
 * A hex colour with the ten shades the portal's theme generates from it (the same
 * `@mantine/colors-generator` palette the shell applies once the settings are saved).
 */
export function ColorField({ shadesLabel, value, ...props }: ColorFieldProps) {
  const shades = isHexColor(value) ? colorShades(value) : null;
  return (
    <Stack gap={6}>
      <ColorInput format="hex" withAsterisk value={value} {...props} />
      {shades ? (
        <Group gap={4} role="img" aria-label={shadesLabel} wrap="wrap">
          {shades.map((shade, index) => (
            <ColorSwatch key={index} color={shade} size={22} radius="sm" />
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
