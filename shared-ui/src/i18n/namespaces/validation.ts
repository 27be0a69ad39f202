// What users read when a form field is invalid. shared-data's validators (shared-data/src/rules)
// return these keys (`ValidationMessageKey`); forms translate them with t(key, { ns: 'validation' }).

export const namespace = 'validation';

export const en = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  emailInvalidForgot: 'Please enter a valid email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordsDoNotMatch: 'Passwords do not match',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatchReset: 'Passwords do not match.',
  passwordBlank: 'Password cannot be only spaces',
  reviewRatingRequired: 'Choose a rating from 1 to 5 stars.',
  reviewCommentTooLong: 'The comment can have at most {{max}} characters.',
  submissionEmpty: 'Write your answer or attach at least one file.',
  submissionTextTooLong: 'The answer can have at most {{max}} characters.',
  submissionTooManyFiles: 'You can attach at most {{max}} files.',
  submissionFileTooLarge: '{{names}}: each file can be at most {{size}}.',
  submissionFileType: '{{names}}: this type of file cannot be submitted.',
};

export const es: typeof en = {
  emailRequired: 'El correo electrónico es obligatorio',
  emailInvalid: 'El correo electrónico no es válido',
  passwordRequired: 'La contraseña es obligatoria',
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres',
  emailInvalidForgot: 'Ingresa una dirección de correo electrónico válida',
  firstNameRequired: 'El nombre es obligatorio',
  lastNameRequired: 'El apellido es obligatorio',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  confirmPasswordRequired: 'Confirma tu contraseña',
  passwordsDoNotMatchReset: 'Las contraseñas no coinciden.',
  passwordBlank: 'La contraseña no puede contener solo espacios',
  reviewRatingRequired: 'Elige una calificación de 1 a 5 estrellas.',
  reviewCommentTooLong: 'El comentario puede tener como máximo {{max}} caracteres.',
  submissionEmpty: 'Escribe tu respuesta o adjunta al menos un archivo.',
  submissionTextTooLong: 'La respuesta puede tener como máximo {{max}} caracteres.',
  submissionTooManyFiles: 'Puedes adjuntar como máximo {{max}} archivos.',
  submissionFileTooLarge: '{{names}}: cada archivo puede ocupar como máximo {{size}}.',
  submissionFileType: '{{names}}: este tipo de archivo no se puede entregar.',
};
