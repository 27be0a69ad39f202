import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `xs` breakpoint (576 px): dialogs take the whole screen there. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 35.99em)') ?? false;
}
