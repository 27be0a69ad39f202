import { useCallback, useEffect, useRef, useState } from 'react';
import { pickRecordingFormat, recordingFileName, type RecordingFormat } from './recording-format';

/** Why there is no recording: each has its own message, and the file upload stays offered. */
export type RecorderProblem =
  /** No MediaRecorder, no Opus, or no getUserMedia (an old browser, or a page that is not secure). */
  | 'unsupported'
  /** The person, or the browser's settings, refused the microphone. */
  | 'denied'
  /** No microphone, or none that can be opened (another program holds it). */
  | 'noMicrophone'
  /** Anything else that stopped the recording. */
  | 'failed';

/** A finished recording: a file ready to upload, and an address the page can play it from. */
export type Recording = {
  file: File;
  /** An object URL of the file; the recorder revokes it when the recording is discarded. */
  url: string;
  /** How long it is, in seconds (pauses left out). */
  seconds: number;
  /** True when the recorder stopped itself at the limit. */
  reachedLimit: boolean;
};

export type RecorderState =
  | { status: 'idle' }
  | { status: 'asking' }
  | { status: 'recording'; paused: boolean; elapsed: number }
  | { status: 'recorded'; recording: Recording }
  | { status: 'failed'; problem: RecorderProblem };

export type AudioRecorder = {
  state: RecorderState;
  /** The microphone's level while recording, 0 to 1 (0 where the browser has no Web Audio). */
  level: number;
  limitSeconds: number;
  start: () => void;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  /** Discards the recording (or the problem) and goes back to idle. */
  reset: () => void;
};

/** How often the elapsed time is read while recording. */
const TICK_MS = 200;

function problemOf(error: unknown): RecorderProblem {
  const name =
    typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'denied';
  }
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    name === 'OverconstrainedError' ||
    name === 'NotReadableError'
  ) {
    return 'noMicrophone';
  }
  return 'failed';
}

/** The browser's recorder and the format it can write, or null when it cannot record here. */
function recorderSupport(): { Recorder: typeof MediaRecorder; format: RecordingFormat } | null {
  const Recorder = (globalThis as { MediaRecorder?: typeof MediaRecorder }).MediaRecorder;
  if (typeof Recorder !== 'function') return null;
  if (typeof globalThis.navigator?.mediaDevices?.getUserMedia !== 'function') return null;
  const format = pickRecordingFormat(Recorder.isTypeSupported?.bind(Recorder));
  return format ? { Recorder, format } : null;
}

type Session = {
  stream: MediaStream;
  recorder: MediaRecorder;
  format: RecordingFormat;
  chunks: Blob[];
  /** Milliseconds recorded before the current stretch (pauses left out). */
  recordedMs: number;
  /** When the current stretch started; null while paused. */
  stretchStart: number | null;
  reachedLimit: boolean;
  audio: { context: AudioContext; frame: number } | null;
  timer: ReturnType<typeof setInterval> | null;
  cancelled: boolean;
};

function elapsedMs(session: Session, now: number): number {
  return session.recordedMs + (session.stretchStart === null ? 0 : now - session.stretchStart);
}

/**
 * One microphone recording at a time: idle → asking (the browser's permission prompt) → recording
 * (elapsed time, level, pause and resume) → recorded (a file to listen to, keep or record again). It
 * stops itself at `limitSeconds`. Everything it opened (the microphone, the audio graph, the object
 * URL) is released when the recording is discarded or the component goes away.
 */
export function useAudioRecorder(limitSeconds: number): AudioRecorder {
  // A browser that cannot record says so at once, before anyone presses Start.
  const [state, setState] = useState<RecorderState>(() =>
    recorderSupport() ? { status: 'idle' } : { status: 'failed', problem: 'unsupported' },
  );
  const [level, setLevel] = useState(0);
  const session = useRef<Session | null>(null);
  const recordedUrl = useRef<string | null>(null);
  // Which start is current: one discarded while the browser asks must not open the microphone.
  const attempt = useRef(0);
  const limitMs = Math.max(1, limitSeconds) * 1000;

  const release = useCallback((current: Session | null) => {
    if (!current) return;
    if (current.timer !== null) clearInterval(current.timer);
    current.timer = null;
    if (current.audio) {
      cancelAnimationFrame(current.audio.frame);
      void current.audio.context.close().catch(() => undefined);
      current.audio = null;
    }
    for (const track of current.stream.getTracks()) track.stop();
    setLevel(0);
  }, []);

  const dropRecording = useCallback(() => {
    if (recordedUrl.current) URL.revokeObjectURL(recordedUrl.current);
    recordedUrl.current = null;
  }, []);

  const stop = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state === 'inactive') return;
    const now = performance.now();
    current.recordedMs = Math.min(elapsedMs(current, now), limitMs);
    current.stretchStart = null;
    current.recorder.stop();
  }, [limitMs]);

  const tick = useCallback(() => {
    const current = session.current;
    if (!current || current.stretchStart === null) return;
    const elapsed = elapsedMs(current, performance.now());
    if (elapsed >= limitMs) {
      current.reachedLimit = true;
      stop();
      return;
    }
    setState({ status: 'recording', paused: false, elapsed: elapsed / 1000 });
  }, [limitMs, stop]);

  const meter = useCallback((current: Session) => {
    const Context =
      globalThis.AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (typeof Context !== 'function' || typeof requestAnimationFrame !== 'function') return;
    try {
      const context = new Context();
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(current.stream).connect(analyser);
      const samples = new Uint8Array(analyser.fftSize);
      let shown = 0;
      const read = () => {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
        // Speech sits far below full scale: the root mean square, scaled so a normal voice fills it.
        const next = Math.min(1, Math.sqrt(sum / samples.length) * 4);
        if (Math.abs(next - shown) > 0.02) {
          shown = next;
          setLevel(current.stretchStart === null ? 0 : next);
        }
        if (current.audio) current.audio.frame = requestAnimationFrame(read);
      };
      current.audio = { context, frame: requestAnimationFrame(read) };
    } catch {
      // No level meter; the recording itself does not need one.
    }
  }, []);

  const start = useCallback(() => {
    const support = recorderSupport();
    if (!support) {
      setState({ status: 'failed', problem: 'unsupported' });
      return;
    }
    dropRecording();
    const mine = ++attempt.current;
    setState({ status: 'asking' });
    navigator.mediaDevices
      .getUserMedia({ audio: true })
      .then((stream) => {
        if (attempt.current !== mine) {
          // Discarded (or the page left) while the browser was asking.
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        let recorder: MediaRecorder;
        try {
          recorder = new support.Recorder(stream, { mimeType: support.format.mimeType });
        } catch (error) {
          for (const track of stream.getTracks()) track.stop();
          throw error;
        }
        const current: Session = {
          stream,
          recorder,
          format: support.format,
          chunks: [],
          recordedMs: 0,
          stretchStart: performance.now(),
          reachedLimit: false,
          audio: null,
          timer: null,
          cancelled: false,
        };
        session.current = current;
        recorder.ondataavailable = (event: BlobEvent) => {
          if (event.data.size > 0) current.chunks.push(event.data);
        };
        recorder.onerror = () => {
          release(current);
          if (session.current === current) session.current = null;
          setState({ status: 'failed', problem: 'failed' });
        };
        recorder.onstop = () => {
          release(current);
          if (current.cancelled) return;
          if (session.current === current) session.current = null;
          const file = new File(current.chunks, recordingFileName(current.format, new Date()), {
            type: current.format.contentType,
          });
          const url = URL.createObjectURL(file);
          recordedUrl.current = url;
          setState({
            status: 'recorded',
            recording: {
              file,
              url,
              seconds: current.recordedMs / 1000,
              reachedLimit: current.reachedLimit,
            },
          });
        };
        // A chunk a second, so a long answer is not held in one piece until the end.
        recorder.start(1000);
        current.timer = setInterval(tick, TICK_MS);
        meter(current);
        setState({ status: 'recording', paused: false, elapsed: 0 });
      })
      .catch((error: unknown) => {
        if (attempt.current === mine) setState({ status: 'failed', problem: problemOf(error) });
      });
  }, [dropRecording, meter, release, tick]);

  const pause = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state !== 'recording') return;
    const now = performance.now();
    current.recordedMs = elapsedMs(current, now);
    current.stretchStart = null;
    current.recorder.pause();
    setLevel(0);
    setState({ status: 'recording', paused: true, elapsed: current.recordedMs / 1000 });
  }, []);

  const resume = useCallback(() => {
    const current = session.current;
    if (!current || current.recorder.state !== 'paused') return;
    current.stretchStart = performance.now();
    current.recorder.resume();
    setState({ status: 'recording', paused: false, elapsed: current.recordedMs / 1000 });
  }, []);

  const reset = useCallback(() => {
    attempt.current += 1;
    const current = session.current;
    if (current) {
      current.cancelled = true;
      session.current = null;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
    }
    dropRecording();
    setState({ status: 'idle' });
  }, [dropRecording, release]);

  // Leaving the page, or closing the dialog, lets go of the microphone and the recording.
  useEffect(
    () => () => {
      attempt.current += 1;
      const current = session.current;
      if (current) {
        current.cancelled = true;
        if (current.recorder.state !== 'inactive') current.recorder.stop();
        release(current);
      }
      if (recordedUrl.current) URL.revokeObjectURL(recordedUrl.current);
    },
    [release],
  );

  return { state, level, limitSeconds, start, pause, resume, stop, reset };
}
