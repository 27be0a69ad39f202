import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export interface AudioClipProps {
  /** The player's accessible name ("Recorded feedback", "Listen to recording-….webm"). */
  label: string;
  /** A link the browser can play (a signed link); null while it is read. */
  url: string | null;
  loading?: boolean;
  /** Why it cannot be played, already in the user's language. */
  error?: string | null;
  /** Shown beside the spinner while the link is read. */
  loadingText?: string;
}

/**
 * Browsers' recorders write WebM without its length, so the player shows none and cannot seek until it
 * has played to the end. Asking for a time far past the end makes the browser read through and learn
 * it; the player then goes back to the start.
 */
export function findDuration(audio: HTMLAudioElement): void {
  if (audio.duration !== Infinity) return;
  const back = () => {
    audio.removeEventListener('durationchange', back);
    audio.currentTime = 0;
  };
  audio.addEventListener('durationchange', back);
  audio.currentTime = Number.MAX_SAFE_INTEGER;
}

/** A stored recording, played in the page: the browser's own controls, named, keyboard operable. */
export function AudioClip({
  label,
  url,
  loading = false,
  error = null,
  loadingText,
}: AudioClipProps) {
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} py="xs">
        <Text size="sm">{error}</Text>
      </Alert>
    );
  }
  if (loading || !url) {
    return (
      <Group gap="xs" role="status" aria-label={loadingText ?? label}>
        <Loader size="xs" aria-hidden />
        {loadingText ? (
          <Text size="sm" c="dimmed">
            {loadingText}
          </Text>
        ) : null}
      </Group>
    );
  }
  return (
    <audio
      controls
      preload="metadata"
      src={url}
      aria-label={label}
      style={{ width: '100%' }}
      onLoadedMetadata={(event) => findDuration(event.currentTarget)}
    >
      <a href={url}>{label}</a>
    </audio>
  );
}
