import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import AudioRecorder from './audio-recorder';
import { LazyAudioRecorder } from './lazy-audio-recorder';
import {
  canRecordAudio,
  formatClock,
  pickRecordingFormat,
  recordingFileName,
} from './recording-format';

// The browser's recorder and microphone, at the unit boundary: what the hook asks of them and what
// they answer. Chromium's real ones are exercised by e2e/tests/spoken-work.spec.ts.
class FakeRecorder {
  static supported = new Set(['audio/webm;codecs=opus', 'audio/ogg;codecs=opus']);
  static isTypeSupported = (type: string) => FakeRecorder.supported.has(type);
  static instances: FakeRecorder[] = [];
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType: string },
  ) {
    FakeRecorder.instances.push(this);
  }
  start = vi.fn(() => {
    this.state = 'recording';
  });
  pause = vi.fn(() => {
    this.state = 'paused';
  });
  resume = vi.fn(() => {
    this.state = 'recording';
  });
  stop = vi.fn(() => {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus audio'], { type: this.options.mimeType }) });
    this.onstop?.();
  });
}

const trackStop = vi.fn();
const getUserMedia = vi.fn();

function domError(name: string) {
  return Object.assign(new Error(name), { name });
}

beforeEach(() => {
  FakeRecorder.supported = new Set(['audio/webm;codecs=opus', 'audio/ogg;codecs=opus']);
  FakeRecorder.instances = [];
  trackStop.mockReset();
  getUserMedia.mockReset();
  getUserMedia.mockResolvedValue({ getTracks: () => [{ stop: trackStop }] });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  });
  URL.createObjectURL = vi.fn(() => 'blob:recording');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function lastRecorder(): FakeRecorder {
  const recorder = FakeRecorder.instances.at(-1);
  if (!recorder) throw new Error('no recorder was created');
  return recorder;
}

/** The recording handed to onUse by its first call. */
function usedRecording(onUse: ReturnType<typeof vi.fn>): { file: File; seconds: number } {
  const [call] = onUse.mock.calls;
  if (!call) throw new Error('onUse was not called');
  return call[0] as { file: File; seconds: number };
}

function renderRecorder(props: Partial<Parameters<typeof AudioRecorder>[0]> = {}) {
  const onUse = vi.fn();
  const view = renderWithProviders(<AudioRecorder limitSeconds={180} onUse={onUse} {...props} />);
  return { ...view, onUse };
}

describe('recording formats', () => {
  it('prefers Opus in WebM, then Opus in Ogg, else none', () => {
    expect(pickRecordingFormat(() => true)?.contentType).toBe('audio/webm');
    expect(pickRecordingFormat((type) => type.startsWith('audio/ogg'))?.contentType).toBe(
      'audio/ogg',
    );
    expect(pickRecordingFormat((type) => type === 'audio/mp4')).toBeNull();
    expect(pickRecordingFormat(undefined)).toBeNull();
  });

  it('names a recording by when it ended and shows durations as a clock', () => {
    expect(recordingFileName({ extension: 'webm' }, new Date(2026, 10, 29, 14, 5, 9))).toBe(
      'recording-20261129-140509.webm',
    );
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.9)).toBe('1:05');
    expect(formatClock(900)).toBe('15:00');
  });

  it('says whether this browser can record', () => {
    expect(canRecordAudio()).toBe(true);
    FakeRecorder.supported = new Set(['audio/mp4']);
    expect(canRecordAudio()).toBe(false);
  });
});

describe('AudioRecorder', () => {
  it('explains the microphone first, then records with the elapsed time, a level meter and named controls', async () => {
    const { user } = renderRecorder();
    expect(screen.getByRole('region', { name: 'Audio recorder' })).toBeInTheDocument();
    expect(screen.getByText(/Your browser will ask to use your microphone/)).toHaveTextContent(
      'Up to 3:00',
    );
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(await screen.findByRole('button', { name: 'Pause recording' })).toHaveFocus();
    expect(lastRecorder().options.mimeType).toBe('audio/webm;codecs=opus');
    expect(lastRecorder().start).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Microphone level' })).toBeInTheDocument();
    expect(screen.getByLabelText('0:00 recorded of 3:00')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Recording started.');
  });

  it('records Opus in Ogg where WebM is not supported', async () => {
    FakeRecorder.supported = new Set(['audio/ogg;codecs=opus']);
    const { user, onUse } = renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Use this recording' }));
    const { file } = usedRecording(onUse);
    expect(file.type).toBe('audio/ogg');
    expect(file.name).toMatch(/^recording-\d{8}-\d{6}\.ogg$/);
  });

  it('pauses and resumes, announcing each', async () => {
    const { user } = renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Pause recording' }));
    expect(lastRecorder().pause).toHaveBeenCalled();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Recording paused.');
    await user.click(screen.getByRole('button', { name: 'Resume recording' }));
    expect(lastRecorder().resume).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Recording resumed.');
  });

  it('stops to a player; the recording can be kept as a WebM file or recorded again', async () => {
    const { user, onUse } = renderRecorder({ useLabel: 'Use as my answer' });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    expect(trackStop).toHaveBeenCalled();
    const player = await screen.findByLabelText('Your recording');
    expect(player.tagName).toBe('AUDIO');
    expect(player).toHaveAttribute('src', 'blob:recording');
    expect(screen.getByRole('status')).toHaveTextContent(/Recording stopped: 0:00 recorded/);

    await user.click(screen.getByRole('button', { name: 'Record again' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recording');
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Use as my answer' }));
    expect(FakeRecorder.instances).toHaveLength(2);
    expect(onUse).toHaveBeenCalledTimes(1);
    const recording = usedRecording(onUse);
    expect(recording.file.name).toMatch(/^recording-\d{8}-\d{6}\.webm$/);
    expect(recording.file.type).toBe('audio/webm');
    expect(recording.file.size).toBeGreaterThan(0);
  });

  it('stops itself at the limit', async () => {
    const { user } = renderRecorder({ limitSeconds: 1 });
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    // (Not waiting for the Stop button: on a busy machine the second may be over before it is seen.)
    await waitFor(() => expect(lastRecorder().stop).toHaveBeenCalled(), { timeout: 3000 });
    expect(
      await screen.findByText('The recording stopped at the limit of 0:01.', undefined, {
        timeout: 3000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Recording stopped at the limit: 0:01 recorded.',
    );
  });

  it('says at once when the browser cannot record, with no retry (the host keeps the file upload)', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    renderRecorder();
    expect(screen.queryByRole('button', { name: 'Start recording' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /cannot record audio here.*upload the file/,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('says when the microphone is refused, and lets the person try again', async () => {
    getUserMedia.mockRejectedValueOnce(domError('NotAllowedError'));
    const { user } = renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/microphone is blocked/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Stop recording' })).toBeInTheDocument();
  });

  it('says when there is no microphone', async () => {
    getUserMedia.mockRejectedValueOnce(domError('NotFoundError'));
    const { user } = renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/No microphone was found/);
  });

  it('names its way out apart from the form around it: Close recorder, then Discard recording', async () => {
    const onCancel = vi.fn();
    const { user } = renderRecorder({ onCancel });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close recorder' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    await user.click(await screen.findByRole('button', { name: 'Discard recording' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard alone', async () => {
    const { user, onUse } = renderRecorder({ onCancel: vi.fn() });
    // Opening the recorder puts the focus on Start.
    expect(screen.getByRole('button', { name: 'Start recording' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // Focus moves to Pause; Space pauses, Space resumes, Tab and Enter stop.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pause recording' })).toHaveFocus(),
    );
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Resume recording' })).toHaveFocus(),
    );
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stop recording' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Use this recording' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    expect(onUse).toHaveBeenCalledTimes(1);
  });

  it('lets go of the microphone when it goes away mid-recording', async () => {
    const { user, unmount } = renderRecorder();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    await screen.findByRole('button', { name: 'Stop recording' });
    act(() => unmount());
    expect(trackStop).toHaveBeenCalled();
  });

  it('speaks Spanish', async () => {
    const onUse = vi.fn();
    const { user } = renderWithProviders(<AudioRecorder limitSeconds={90} onUse={onUse} />, {
      language: 'es',
    });
    expect(screen.getByText(/Hasta 1:30/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Empezar a grabar' }));
    expect(await screen.findByRole('button', { name: 'Pausar la grabación' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Detener la grabación' })).toBeInTheDocument();
  });

  it('loads on first use when lazy', async () => {
    renderWithProviders(<LazyAudioRecorder limitSeconds={180} onUse={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Start recording' })).toBeInTheDocument();
  });
});
