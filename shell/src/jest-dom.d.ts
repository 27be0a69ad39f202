// Types for the jest-dom matchers that the root vitest.setup.ts installs.
import '@testing-library/jest-dom/vitest';
