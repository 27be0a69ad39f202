import { registerMessages } from '../../i18n';

// The recorder's texts. They load with the recorder itself (it is loaded only when used).
export const namespace = 'audio-recorder';

export const en = {
  region: 'Audio recorder',
  explain:
    'Your browser will ask to use your microphone. The recording stays on this page until you use it. Up to {{limit}}.',
  start: 'Start recording',
  asking: 'Allow the microphone in your browser to start recording.',
  recording: 'Recording',
  paused: 'Paused',
  elapsed: '{{elapsed}} of {{limit}}',
  elapsedLabel: '{{elapsed}} recorded of {{limit}}',
  level: 'Microphone level',
  pause: 'Pause recording',
  resume: 'Resume recording',
  stop: 'Stop recording',
  player: 'Your recording',
  recordedLength: 'Recorded: {{length}}',
  reachedLimit: 'The recording stopped at the limit of {{limit}}.',
  again: 'Record again',
  use: 'Use this recording',
  close: 'Close recorder',
  discard: 'Discard recording',
  tryAgain: 'Try again',
  announce: {
    asking: 'Asking for the microphone.',
    recording: 'Recording started.',
    paused: 'Recording paused.',
    resumed: 'Recording resumed.',
    recorded: 'Recording stopped: {{length}} recorded. Listen to it before using it.',
    reachedLimit: 'Recording stopped at the limit: {{length}} recorded.',
  },
  problem: {
    unsupported:
      'This browser cannot record audio here. Record with another app or device and upload the file instead.',
    denied:
      'The microphone is blocked for this site. Allow it in your browser’s site settings and try again, or upload a recorded file instead.',
    noMicrophone:
      'No microphone was found, or another program is using it. Connect one and try again, or upload a recorded file instead.',
    failed: 'The recording stopped unexpectedly. Try again, or upload a recorded file instead.',
  },
};

export const es: typeof en = {
  region: 'Grabadora de audio',
  explain:
    'El navegador pedirá permiso para usar el micrófono. La grabación se queda en esta página hasta que la uses. Hasta {{limit}}.',
  start: 'Empezar a grabar',
  asking: 'Permite el micrófono en el navegador para empezar a grabar.',
  recording: 'Grabando',
  paused: 'En pausa',
  elapsed: '{{elapsed}} de {{limit}}',
  elapsedLabel: '{{elapsed}} grabado de {{limit}}',
  level: 'Nivel del micrófono',
  pause: 'Pausar la grabación',
  resume: 'Reanudar la grabación',
  stop: 'Detener la grabación',
  player: 'Tu grabación',
  recordedLength: 'Grabado: {{length}}',
  reachedLimit: 'La grabación se detuvo al llegar al límite de {{limit}}.',
  again: 'Grabar de nuevo',
  use: 'Usar esta grabación',
  close: 'Cerrar la grabadora',
  discard: 'Descartar la grabación',
  tryAgain: 'Intentar de nuevo',
  announce: {
    asking: 'Pidiendo acceso al micrófono.',
    recording: 'Grabación iniciada.',
    paused: 'Grabación en pausa.',
    resumed: 'Grabación reanudada.',
    recorded: 'Grabación detenida: {{length}} grabado. Escúchala antes de usarla.',
    reachedLimit: 'Grabación detenida al llegar al límite: {{length}} grabado.',
  },
  problem: {
    unsupported:
      'Este navegador no puede grabar audio aquí. Graba con otra aplicación o dispositivo y sube el archivo.',
    denied:
      'El micrófono está bloqueado para este sitio. Permítelo en la configuración del sitio del navegador e inténtalo de nuevo, o sube un archivo grabado.',
    noMicrophone:
      'No se encontró ningún micrófono, o lo está usando otro programa. Conecta uno e inténtalo de nuevo, o sube un archivo grabado.',
    failed:
      'La grabación se detuvo de forma inesperada. Inténtalo de nuevo, o sube un archivo grabado.',
  },
};

registerMessages(namespace, { en, es });
