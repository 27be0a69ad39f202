// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, hashSource } from './content-security-policy';

describe('the printed Content-Security-Policy', () => {
  it("hashes an inline script's text as the CSP specification does", () => {
    // The example of the CSP specification (w3c.github.io/webappsec-csp, "hash-source").
    expect(hashSource("alert('Hello, world.');")).toBe(
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });

  it('allows scripts from the page only when the HTML holds no inline script', () => {
    const directives = contentSecurityPolicy([]).split('; ');
    expect(directives.filter((part) => part.startsWith('script-src'))).toEqual([
      "script-src 'self'",
    ]);
  });

  it('lists each inline script by hash, once, and never allows inline script wholesale', () => {
    const script = "alert('Hello, world.');";
    const directive = contentSecurityPolicy([script, script])
      .split('; ')
      .find((part) => part.startsWith('script-src'));
    expect(directive).toBe(
      "script-src 'self' 'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });
});
