import { unitProject } from '../vitest.unit-project';

// build/: the build's own steps.
export default unitProject('shell', { include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'] });
