import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconMicrophone,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
} from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findDuration } from './audio-clip';
import { namespace } from './i18n';
import { formatClock } from './recording-format';
import { useAudioRecorder, type Recording, type RecorderState } from './use-audio-recorder';

export interface AudioRecorderProps {
  /** How long a recording may run, in seconds; it stops itself there. */
  limitSeconds: number;
  /** The person keeps the recording: the file to upload (its object URL is released afterwards). */
  onUse: (recording: Recording) => void;
  /** Closes the recorder without a recording; no Cancel button without it. */
  onCancel?: () => void;
  /** The keep button's text ("Use this recording" by default). */
  useLabel?: string;
  /** While the host is busy (uploading) nothing can be started. */
  disabled?: boolean;
}

/** What the live region says when the recorder moves to `state` from `previous`. */
function announcement(
  state: RecorderState,
  previous: RecorderState | null,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  switch (state.status) {
    case 'asking':
      return t('announce.asking');
    case 'recording':
      if (previous?.status === 'recording') {
        if (state.paused === previous.paused) return '';
        return state.paused ? t('announce.paused') : t('announce.resumed');
      }
      return t('announce.recording');
    case 'recorded': {
      const length = formatClock(state.recording.seconds);
      return state.recording.reachedLimit
        ? t('announce.reachedLimit', { length })
        : t('announce.recorded', { length });
    }
    default:
      return '';
  }
}

/**
 * Records an answer or feedback with the microphone: an explanation before the browser asks, then the
 * elapsed time against the limit, a level meter, Pause / Resume and Stop; then a player to listen to
 * it, Record again and Use this recording. A polite live region says each change of state; a problem
 * (no recorder, the microphone refused or missing) is an alert that points to the file upload, which
 * the host keeps offering. Every control is a named button.
 */
export default function AudioRecorder({
  limitSeconds,
  onUse,
  onCancel,
  useLabel,
  disabled = false,
}: AudioRecorderProps) {
  const { t } = useTranslation(namespace);
  const recorder = useAudioRecorder(limitSeconds);
  const { state, level } = recorder;
  const regionId = useId();
  const limit = formatClock(limitSeconds);

  // The live region: only what changed, never every tick of the clock.
  const [said, setSaid] = useState('');
  const previous = useRef<RecorderState | null>(null);
  useEffect(() => {
    const text = announcement(state, previous.current, t);
    previous.current = state;
    if (text) setSaid(text);
  }, [state, t]);

  // Focus follows the controls that replace the pressed one, so the keyboard never falls off the page;
  // opening the recorder puts it on Start.
  const focusTarget = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    focusTarget.current?.focus();
  }, [state.status]);

  let body;
  switch (state.status) {
    case 'idle':
      body = (
        <>
          <Text size="sm" c="dimmed">
            {t('explain', { limit })}
          </Text>
          <Group gap="xs">
            <Button
              ref={focusTarget}
              leftSection={<IconMicrophone size={16} aria-hidden />}
              onClick={recorder.start}
              disabled={disabled}
            >
              {t('start')}
            </Button>
            {onCancel ? (
              <Button variant="subtle" onClick={onCancel} disabled={disabled}>
                {t('close')}
              </Button>
            ) : null}
          </Group>
        </>
      );
      break;
    case 'asking':
      body = (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('asking')}</Text>
        </Group>
      );
      break;
    case 'recording': {
      const elapsed = formatClock(state.elapsed);
      body = (
        <>
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm" fw={600} c={state.paused ? 'dimmed' : 'red'}>
              {state.paused ? t('paused') : t('recording')}
            </Text>
            <Text
              size="sm"
              aria-label={t('elapsedLabel', { elapsed, limit })}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {t('elapsed', { elapsed, limit })}
            </Text>
          </Group>
          <Box
            role="meter"
            aria-label={t('level')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(level * 100)}
          >
            <Progress value={level * 100} size="md" transitionDuration={80} aria-hidden />
          </Box>
          <Group gap="xs">
            {state.paused ? (
              <Button
                ref={focusTarget}
                variant="default"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => {
                  recorder.resume();
                }}
              >
                {t('resume')}
              </Button>
            ) : (
              <Button
                ref={focusTarget}
                variant="default"
                leftSection={<IconPlayerPause size={16} aria-hidden />}
                onClick={recorder.pause}
              >
                {t('pause')}
              </Button>
            )}
            <Button
              color="red"
              leftSection={<IconPlayerStop size={16} aria-hidden />}
              onClick={recorder.stop}
            >
              {t('stop')}
            </Button>
          </Group>
        </>
      );
      break;
    }
    case 'recorded': {
      const { recording } = state;
      body = (
        <>
          <audio
            controls
            src={recording.url}
            aria-label={t('player')}
            preload="metadata"
            style={{ width: '100%' }}
            onLoadedMetadata={(event) => findDuration(event.currentTarget)}
          />
          <Text size="sm" c="dimmed">
            {recording.reachedLimit
              ? t('reachedLimit', { limit })
              : t('recordedLength', { length: formatClock(recording.seconds) })}
          </Text>
          <Group gap="xs">
            <Button
              ref={focusTarget}
              leftSection={<IconCheck size={16} aria-hidden />}
              onClick={() => onUse(recording)}
              disabled={disabled}
            >
              {useLabel ?? t('use')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={recorder.start}
              disabled={disabled}
            >
              {t('again')}
            </Button>
            {onCancel ? (
              <Button variant="subtle" onClick={onCancel} disabled={disabled}>
                {t('discard')}
              </Button>
            ) : null}
          </Group>
        </>
      );
      break;
    }
    case 'failed':
      body = (
        <>
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t(`problem.${state.problem}`)}
          </Alert>
          <Group gap="xs">
            {state.problem === 'unsupported' ? null : (
              <Button
                ref={focusTarget}
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={recorder.start}
                disabled={disabled}
              >
                {t('tryAgain')}
              </Button>
            )}
            {onCancel ? (
              <Button variant="subtle" onClick={onCancel}>
                {t('close')}
              </Button>
            ) : null}
          </Group>
        </>
      );
      break;
  }

  return (
    <Box
      component="section"
      aria-label={t('region')}
      id={regionId}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    >
      <Stack gap="xs">{body}</Stack>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {said}
      </VisuallyHidden>
    </Box>
  );
}
