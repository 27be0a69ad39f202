import { Code, Image, Text } from '@mantine/core';

export interface AuthenticatorSetupProps {
  /** The QR code image (a data URI) an authenticator app scans. */
  qrCode: string;
  /** The same key in base32, for typing in by hand. */
  secret: string;
  /** The caller's texts: what to do with the QR code, its alt text, and the line before the key. */
  labels: { scan: string; qrAlt: string; manual: string };
}

/**
 * Adding an account to an authenticator app: the QR code to scan and the key to type in by hand, which
 * wraps rather than pushing a 375 px screen sideways. Used by the sign-in set-up step and the profile.
 */
export function AuthenticatorSetup({ qrCode, secret, labels }: AuthenticatorSetupProps) {
  return (
    <>
      <Text size="sm">{labels.scan}</Text>
      <Image
        src={qrCode}
        alt={labels.qrAlt}
        w={200}
        h={200}
        fit="contain"
        style={{ maxWidth: '100%' }}
      />
      <Text size="sm">{labels.manual}</Text>
      <Code
        block
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        data-testid="two-factor-secret"
      >
        {secret}
      </Code>
    </>
  );
}
