import { ExtraMaterials } from '../../features/materials';

/**
 * Extra Materials (SPEC §2 "Materials library", student view): only materials without a course, so the
 * library's course filter has nothing to choose from and is left out.
 */
export default function MaterialsPage() {
  return <ExtraMaterials />;
}
