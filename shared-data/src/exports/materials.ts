// Materials and files: the entity, its service and form, the materials library and Extra
// Materials, what may be uploaded, and how stored files are named.

export {
  MATERIAL_LANGUAGES,
  MATERIAL_SKILLS,
  MATERIAL_TYPES,
  type Material,
  type MaterialLanguage,
  type MaterialSkill,
  type MaterialType,
} from '../mappers/material';
export {
  GENERAL_MATERIALS,
  materialsService,
  type MaterialFilters,
  type MaterialLink,
  type MaterialUpload,
  type StoredMaterial,
} from '../services/materials';
export type { UploadProgress } from '../services/storage';
export {
  MATERIAL_MAX_BYTES,
  MATERIAL_TEXT_LIMITS,
  emptyMaterialForm,
  materialFileError,
  materialTextLength,
  validateMaterialForm,
  type MaterialFormErrors,
  type MaterialFormMessageKey,
  type MaterialFormTab,
  type MaterialFormValues,
} from '../rules/material-form';
export {
  EXTRA_MATERIALS_LIMIT,
  filterMaterials,
  libraryStats,
  materialsLibraryReadModel,
  type ExtraMaterials,
  type MaterialLibraryFigures,
  type MaterialLibraryFilters,
  type MaterialLibraryStats,
} from '../read-models/materials-library';
export {
  ACCEPTED_MATERIAL_EXTENSIONS,
  AVATAR_MIME_TYPES,
  MATERIAL_CONTENT_TYPES,
  MATERIAL_DROPZONE_ACCEPT,
  MATERIAL_FILE_ACCEPT,
  MATERIAL_MIME_TYPES,
  SUBMISSION_MIME_TYPES,
  UPLOAD_LIMITS,
  classifyUploadType,
  fileExtension,
  isAcceptedAvatar,
  isAcceptedMaterialFile,
  isSizeProblem,
  materialContentType,
  sizeProblem,
  type SizeProblem,
} from '../rules/uploads';
export {
  SIGNED_URL_SECONDS,
  STORAGE_BUCKETS,
  STORAGE_CACHE_CONTROL,
  GENERAL_MATERIALS_FOLDER,
  avatarObjectName,
  materialObjectName,
  submissionObjectName,
  type MaterialFilePlace,
  type NameSource,
} from '../rules/storage-names';
