// What the recorder records and how a recording is named: small and pure, so the screens that offer a
// recorder can know whether the browser can record without downloading the recorder itself.

/** The recorder's default limit when an activity names none: 3 minutes. */
export const DEFAULT_RECORDING_LIMIT_SECONDS = 180;

/**
 * Opus in one of its two containers, in the order tried. `mimeType` is what MediaRecorder is asked for;
 * `contentType` is what the file is stored as (the buckets list the container types, not the codec).
 */
export const RECORDING_FORMATS = [
  { mimeType: 'audio/webm;codecs=opus', contentType: 'audio/webm', extension: 'webm' },
  { mimeType: 'audio/ogg;codecs=opus', contentType: 'audio/ogg', extension: 'ogg' },
] as const;

export type RecordingFormat = (typeof RECORDING_FORMATS)[number];

/** The first format this browser's MediaRecorder can write, or null. */
export function pickRecordingFormat(
  isTypeSupported: ((type: string) => boolean) | undefined,
): RecordingFormat | null {
  if (!isTypeSupported) return null;
  return RECORDING_FORMATS.find((format) => isTypeSupported(format.mimeType)) ?? null;
}

/**
 * Whether this browser can record here: MediaRecorder with Opus, and a way to ask for the microphone.
 * Whether there is a microphone, and whether the person allows it, is only known when asking.
 */
export function canRecordAudio(scope: typeof globalThis = globalThis): boolean {
  const recorder = (scope as { MediaRecorder?: typeof MediaRecorder }).MediaRecorder;
  const devices = (scope as { navigator?: Navigator }).navigator?.mediaDevices;
  return (
    typeof recorder === 'function' &&
    typeof devices?.getUserMedia === 'function' &&
    pickRecordingFormat(recorder.isTypeSupported?.bind(recorder)) !== null
  );
}

/** `recording-20261129-142501.webm`: the local date and time the recording ended. */
export function recordingFileName(format: Pick<RecordingFormat, 'extension'>, at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const stamp =
    `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}-` +
    `${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
  return `recording-${stamp}.${format.extension}`;
}

/** A duration as a clock: 0:05, 2:30, 15:00. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
