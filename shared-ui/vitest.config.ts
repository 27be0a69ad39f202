import { unitProject } from '../vitest.unit-project';

export default unitProject('shared-ui');
