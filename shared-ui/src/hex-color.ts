const HEX_COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}
