import type { ComponentType } from 'react';

/**
 * One page a remote exposes, as its `src/app/pages.ts` manifest declares it: the same entry feeds
 * `module-federation.config.ts` (module → file) and the standalone harness (path, label, load).
 */
export interface ExposedPage {
  /** Module Federation expose name, e.g. './Dashboard' (the shell's route table names it). */
  module: `./${string}`;
  /** The screen file, relative to the app's folder. */
  file: string;
  /** Route of the page in the standalone harness; the portal's routes are the shell's. */
  path: string;
  label: string;
  load: () => Promise<{ default: ComponentType }>;
}

export type StandalonePage = Pick<ExposedPage, 'path' | 'label' | 'load'>;
